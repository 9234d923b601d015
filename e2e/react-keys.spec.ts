import { expect, test } from "./fixtures";
import { waitForHydration } from "./helpers";
import { type Fiber, watchReactCommits } from "./react-commits";

/**
 * Two children of one element with the same React key: React's development build warns that it may
 * duplicate or drop one of them, the production build says nothing. The test reads the rendered
 * tree as the developer tools do (React reports every commit to their global hook) and names every
 * key that two siblings share. The product page had one: its food information and its similar
 * products were both keyed by the product's number.
 */
declare global {
  interface Window {
    sharedKeys: string[];
  }
}

/** Notes every key two siblings share, in the page (react-commits.ts hands it every commit). */
function watchKeys() {
  const typeName = (fiber: Fiber) => {
    const type = fiber.elementType ?? fiber.type;
    if (typeof type === "string") return type;
    if (typeof type === "function") return type.name || "component";
    return "element";
  };
  window.sharedKeys = [];
  window.reactCommits.push((root) => {
    const stack = [root.current];
    while (stack.length) {
      const fiber = stack.pop()!;
      const keys = new Set<string>();
      for (let child = fiber.child; child; child = child.sibling) {
        stack.push(child);
        if (child.key === null) continue;
        if (keys.has(child.key)) window.sharedKeys.push(`${typeName(fiber)}: "${child.key}"`);
        keys.add(child.key);
      }
    }
  });
}

for (const [name, path] of [
  ["home", "/"],
  ["a category", "/catalog/category/milch-eier"],
  ["a product", "/catalog/product/160009"],
  ["a search", "/search/find?q=milch"],
  ["the cart", "/cart"],
]) {
  test(`${name}: no two siblings share a React key @needs-javascript`, async ({ page }) => {
    await watchReactCommits(page, watchKeys);
    await page.goto(path);
    await waitForHydration(page, true);
    // the parts whose code comes on demand render once it is there
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => [...new Set(window.sharedKeys)])).toEqual([]);
  });
}
