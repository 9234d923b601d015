/**
 * Preformatted code that may be wider than a phone's screen. It scrolls sideways, so it is a
 * named region in the Tab order that the keyboard can scroll with the arrow keys (WCAG 2.1.1,
 * axe's scrollable-region-focusable). It is a Tab stop always, also where it happens to fit:
 * pages like /api ship no JavaScript to measure it, and one more Tab stop costs little.
 */
export function CodeBlock({ label, className, children }: { label: string; className?: string; children: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className={["code-block", className].filter(Boolean).join(" ")} tabIndex={0} aria-label={label}>
      <pre>
        <code>{children}</code>
      </pre>
    </section>
  );
}
