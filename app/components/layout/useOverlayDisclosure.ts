import { useLocation } from "@remix-run/react";
import { useEffect, useRef, type FocusEvent, type KeyboardEvent } from "react";

/**
 * A header overlay that is a <details> disclosure (it opens without JavaScript). With JavaScript
 * it closes on every navigation, on Escape (focus back on its toggle) and when focus
 * moves on to something outside it, so a keyboard user is never stuck behind its panel.
 * A page the browser brings back from its back-forward cache (after a full page load, as the
 * plain "Anmelden" link makes) comes back as it was left: the overlay closes then too.
 */
export function useOverlayDisclosure() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  useEffect(() => onPageRestored(() => ref.current?.removeAttribute("open")), []);
  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    const details = event.currentTarget;
    if (event.key !== "Escape" || !details.open) return;
    details.open = false;
    details.querySelector<HTMLElement>(":scope > summary")?.focus();
  };
  const onBlur = (event: FocusEvent<HTMLDetailsElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && !event.currentTarget.contains(next)) event.currentTarget.open = false;
  };
  return { ref, onKeyDown, onBlur };
}

/** Calls `close` when the page is shown again from the back-forward cache; returns the cleanup. */
export function onPageRestored(close: () => void): () => void {
  const restored = (event: PageTransitionEvent) => {
    if (event.persisted) close();
  };
  window.addEventListener("pageshow", restored);
  return () => window.removeEventListener("pageshow", restored);
}
