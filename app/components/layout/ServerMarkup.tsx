import type { ReactNode } from "react";

/**
 * Markup the server renders and the browser keeps as it is, without the code that made it: the
 * browser renders an empty slot that React leaves alone while hydrating (it does not compare or
 * replace an element's inner HTML), so the children's components never go to the browser. Only
 * for markup that needs no JavaScript and does not change while the page lives; a slot mounted
 * later in the browser (after an in-app navigation) stays empty, so such markup belongs where it
 * is rendered with the document.
 */
export function ServerMarkup({ children }: { children: ReactNode }) {
  if (typeof document === "undefined") return <div className="server-markup">{children}</div>;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty string, only so React keeps the server's markup
  return <div className="server-markup" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />;
}
