/**
 * The page's main heading, made focusable from script only; the main landmark when there is none.
 * Where focus goes when a dialog's opener is gone, after an in-app navigation and after removing
 * the last of a list. A module of its own: the dialog (Modal.tsx) loads on demand
 * (docs/decisions/0054), the page frame needs this at start.
 */
export function mainHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>("main h1");
  if (!heading) return document.getElementById("main");
  heading.tabIndex = -1;
  return heading;
}
