import type { Page } from "@playwright/test";

/** The narrowest phone the shop is made for (a 360 px phone). */
export const PHONE_WIDTH = 360;

/**
 * What a shopper on a 360 px phone would see broken on the current page, one line per finding
 * naming the element and its text: the document scrolls sideways, text runs out of its box
 * (labels into their values), a placeholder is cut, or two texts / controls lie on top of each
 * other. Intended overlays do not count: fixed and sticky layers (header, notifications), and
 * everything behind an open modal dialog (only the dialog is checked then).
 */
export function phoneLayoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    const describeElement = (el: Element) => {
      const name =
        el.tagName.toLowerCase() + (el.id ? `#${el.id}` : "") + [...el.classList].map((c) => `.${c}`).join("");
      const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 60);
      return `${name} "${text}"`;
    };
    if (root.scrollWidth > root.clientWidth)
      problems.push(`the page scrolls sideways: ${root.scrollWidth}px in ${root.clientWidth}px`);

    const modal = document.querySelector("dialog[open]:modal");
    const scope = modal ?? document.body;
    // checkVisibility also hides the content of closed <details>, which still has boxes.
    const shown = (el: Element) => el.checkVisibility({ visibilityProperty: true }) && el.getClientRects().length > 0;
    // Whether the element or one of its ancestors (up to the scope) has a property: the answers
    // are kept per element, so a page's thousand elements do not each walk up their ancestors.
    const inherited = (own: (e: Element) => boolean) => {
      const known = new Map<Element, boolean>();
      const test = (e: Element | null): boolean => {
        if (!e || e === scope) return false;
        let answer = known.get(e);
        if (answer === undefined) {
          answer = own(e) || test(e.parentElement);
          known.set(e, answer);
        }
        return answer;
      };
      return test;
    };
    // Visually hidden texts (screen reader only) are clipped to 1 px on purpose. An inline
    // element has no client size of its own (0 × 0): only a box of another kind can be a 1 px one.
    const clipped = inherited((e) => {
      const style = getComputedStyle(e);
      const onePixel = style.display !== "inline" && e.clientWidth <= 1 && e.clientHeight <= 1;
      return style.clipPath !== "none" || style.clip !== "auto" || onePixel;
    });
    const layered = inherited((e) => ["fixed", "sticky"].includes(getComputedStyle(e).position));
    // Text that does not wrap on purpose (a code example) inside a box that scrolls sideways is reached by scrolling.
    const scrolls = inherited((e) => ["auto", "scroll"].includes(getComputedStyle(e).overflowX));
    const scrolledLine = (block: Element) =>
      ["pre", "nowrap"].includes(getComputedStyle(block).whiteSpace) && scrolls(block);
    // An SVG's inner elements are drawn at their coordinates, not laid out in boxes: the SVG counts as one box.
    const drawn = (el: Element) => el instanceof SVGElement && !(el instanceof SVGSVGElement);
    const elements = [...scope.querySelectorAll("*")].filter((el) => !drawn(el) && shown(el) && !clipped(el));
    const checked = new Set(elements);

    // Text running out of the box it is laid out in (a label into its value), unless that box
    // scrolls or clips on purpose. Measured on the text itself, so overlays positioned outside
    // a box (an open menu panel) do not count.
    const blockOf = (el: Element) => {
      let e: Element | null = el;
      while (e && ["inline", "contents"].includes(getComputedStyle(e).display)) e = e.parentElement;
      return e;
    };
    const overflowing = new Set<Element>();
    const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!node.textContent?.trim() || !parent || !checked.has(parent)) continue;
      const block = blockOf(parent);
      if (!block || overflowing.has(block) || getComputedStyle(block).overflowX !== "visible" || scrolledLine(block))
        continue;
      const box = block.getBoundingClientRect();
      const left = box.left + block.clientLeft,
        right = left + block.clientWidth;
      const range = document.createRange();
      range.selectNodeContents(node);
      const outside = (r: DOMRect) => r.width > 0 && (r.right > right + 1 || r.left < left - 1);
      if (![...range.getClientRects()].some(outside)) continue;
      // Spaces at the end of a wrapped line hang outside the box unseen: only visible characters count.
      const text = node.textContent;
      let out: DOMRect | undefined;
      for (let i = 0; i < text.length && !out; i++) {
        if (/\s/.test(text[i])) continue;
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        out = [...range.getClientRects()].find(outside);
      }
      if (!out) continue;
      overflowing.add(block);
      problems.push(
        `text overflows its box (${Math.round(Math.max(out.right, right) - Math.min(out.left, left))}px in ${block.clientWidth}px): ${describeElement(block)}`,
      );
    }

    // Placeholders are cut without a scrollbar: measure the text in the field's font.
    const measure = document.createElement("canvas").getContext("2d")!;
    for (const field of elements) {
      if (!(field instanceof HTMLInputElement) || !field.placeholder || field.value) continue;
      const style = getComputedStyle(field);
      measure.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const needed = measure.measureText(field.placeholder).width;
      if (needed > room + 1)
        problems.push(
          `placeholder is cut (${Math.ceil(needed)}px in ${Math.floor(room)}px): ${describeElement(field)} "${field.placeholder}"`,
        );
    }

    // Boxes that must not overlap: every line of visible text, and every control.
    type Box = { el: Element; rect: DOMRect };
    const boxes: Box[] = [];
    const controls = "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]";
    for (const el of elements) {
      if (layered(el)) continue;
      // A link in running text that wraps has a box per line, not one around both lines.
      if (el.matches(controls))
        for (const rect of el.getClientRects()) if (rect.width > 1 && rect.height > 1) boxes.push({ el, rect });
      for (const node of el.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.width > 1 && rect.height > 1) boxes.push({ el, rect });
      }
    }
    const reported = new Set<string>();
    // Sorted from the top down, a box is compared only with the boxes starting above its bottom
    // (less 2 px): a box starting lower, and every box after it, overlaps it by 2 px at most.
    boxes.sort((a, b) => a.rect.top - b.rect.top);
    for (let i = 0; i < boxes.length; i++) {
      const a = boxes[i];
      for (let j = i + 1; j < boxes.length && boxes[j].rect.top < a.rect.bottom - 2; j++) {
        const b = boxes[j];
        const x = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
        const y = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
        if (x <= 2 || y <= 2) continue;
        // A control and its own label text, or text inside a control, belong together.
        if (a.el === b.el || a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const finding = `overlap: ${describeElement(a.el)} and ${describeElement(b.el)}`;
        if (!reported.has(finding)) {
          reported.add(finding);
          problems.push(finding);
        }
      }
    }
    return problems;
  });
}

/** The findings at phone width; the viewport is set back afterwards, so the test goes on as before. */
export async function phoneLayoutProblemsAt360(page: Page): Promise<string[]> {
  const before = page.viewportSize();
  await page.setViewportSize({ width: PHONE_WIDTH, height: 740 });
  try {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    return await phoneLayoutProblems(page);
  } finally {
    if (before) await page.setViewportSize(before);
  }
}
