/**
 * A part whose code comes on demand replaces the server's markup with its own once that code is
 * there (HydrationBoundary.tsx). A keyboard focus inside the server's markup would fall to the
 * page then, and a keyboard user would start again at its top. The part's module notes the focus
 * when the browser runs it (`focusWhenRun`: HydrationBoundary swaps right after), and its
 * component, once mounted, hands it to the element at the same place in its own markup
 * (`handOverFocus`): the same component rendered both.
 *
 * Only the part's own chunk carries this, not a page's first load.
 */
export const focusWhenRun = (): Element | null => (typeof document === "undefined" ? null : document.activeElement);

/**
 * `was`: the focus noted when the module ran; `part`: the wrapper of the part's own markup. Does
 * nothing unless `was` left the page with the server's markup of this part (a wrapper of the same
 * class) and the focus is on the page's body.
 */
export function handOverFocus(was: Element | null, part: Element | null) {
  if (!was || !part || was.isConnected || document.activeElement !== document.body) return;
  const path: number[] = [];
  let node = was;
  for (; node.parentElement; node = node.parentElement) path.unshift([...node.parentElement.children].indexOf(node));
  if (node.className !== part.className) return;
  let target: Element | undefined = part;
  for (const index of path) target = target?.children[index];
  if (target instanceof HTMLElement) target.focus({ preventScroll: true });
}
