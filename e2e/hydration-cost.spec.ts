import { expect, test } from "./fixtures";
import { productTiles, waitForHydration } from "./helpers";
import { watchReactCommits } from "./react-commits";

/**
 * What hydrating a listing costs after its first commit (docs/scaling.md, total blocking time).
 * A tile asks whether it is hydrating (`useKeptServerMarkup`, components/layout/hydration.ts); an
 * answer that changed once it was mounted made React render every tile again at once, in one
 * synchronous task (two dozen tiles: the longest task after hydration in Lighthouse's trace).
 *
 * The test watches React's commits as the developer tools do (the global hook React reports every
 * commit to) and notes, per tile, the state its component rendered with: a new one is a render.
 * The texts the page fetches when idle are held back, so nothing else renders the tiles again.
 */
declare global {
  interface Window {
    tileRenders: number;
    commits: number;
  }
}

/** Counts the tiles' renders after the first commit, in the page (react-commits.ts hands it every commit). */
function watchTileRenders() {
  const renderedWith = new WeakMap<Element, unknown>();
  window.tileRenders = 0;
  window.commits = 0;
  window.reactCommits.push((root) => {
    window.commits++;
    const stack = [root.current];
    while (stack.length) {
      const fiber = stack.pop()!;
      const node = fiber.stateNode;
      if (node instanceof HTMLElement && node.classList.contains("product-tile") && fiber.return) {
        const state = fiber.return.memoizedState;
        if (renderedWith.has(node) && renderedWith.get(node) !== state) window.tileRenders++;
        renderedWith.set(node, state);
      }
      if (fiber.sibling) stack.push(fiber.sibling);
      if (fiber.child) stack.push(fiber.child);
    }
  });
}

test("hydrating a listing renders its tiles once, not again after the first commit @needs-javascript", async ({
  page,
}) => {
  await watchReactCommits(page, watchTileRenders);
  // The texts for later pages are fetched once the browser is idle after hydration, and new texts
  // render every tile again (in a transition): held back until the tiles' count is read.
  let releaseTexts!: () => void;
  const textsHeld = new Promise<void>((release) => {
    releaseTexts = release;
  });
  let laterTextsAsked!: () => void;
  const laterTexts = new Promise<void>((asked) => {
    laterTextsAsked = asked;
  });
  await page.route(/\/locales\/de\/[a-z-]+\.json/, async (route) => {
    const hydrated = await page.evaluate(() => window.commits > 0).catch(() => false);
    if (hydrated) {
      laterTextsAsked();
      await textsHeld;
    }
    await route.continue();
  });

  await page.goto("/catalog/category/milch-eier");
  await expect(productTiles(page).first()).toBeVisible();
  // Asked for once hydration is committed and its effects have run, and the browser idled.
  await laterTexts;
  expect(await page.evaluate(() => window.commits)).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.tileRenders)).toBe(0);

  releaseTexts();
  // The page is the app's: a tile's link navigates inside it.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await productTiles(page).first().getByRole("link", { name: "Frische Vollmilch 3,8 %", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Frische Vollmilch 3,8 %" })).toBeVisible();
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test("the page's module preloads go into the document one per task, all before the app starts @needs-javascript", async ({
  page,
}) => {
  // A mutation observer's callback comes once per task that changed the document, with all of the
  // task's changes: preloads inserted together arrive in one call (one long task on a slow phone,
  // components/layout/fragments.server.tsx).
  await page.addInitScript(() => {
    const calls: number[] = [];
    Object.assign(window, { preloadCalls: calls });
    new MutationObserver((records) => {
      const preloads = records
        .flatMap((record) => [...record.addedNodes])
        .filter((node) => node instanceof HTMLLinkElement && node.rel === "modulepreload").length;
      if (preloads) calls.push(preloads);
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto("/catalog/category/milch-eier");
  await waitForHydration(page, true);
  const calls = await page.evaluate(() => (window as unknown as { preloadCalls: number[] }).preloadCalls);
  const preloads = await page.locator('link[rel="modulepreload"]').count();
  expect(preloads).toBeGreaterThan(3);
  expect(calls).toEqual(Array(preloads).fill(1));
});

test("the shared modules run one per task, each before the next and all before Remix's own script @needs-javascript", async ({
  page,
}) => {
  // What the start script adds, in order, one entry per mutation observer call (once per task):
  // "module <file>" for a module script it runs, "inline" for Remix's module script.
  await page.addInitScript(() => {
    const added: string[][] = [];
    Object.assign(window, { scriptsAdded: added });
    new MutationObserver((records) => {
      const scripts = records
        .flatMap((record) => [...record.addedNodes])
        .filter((node): node is HTMLScriptElement => node instanceof HTMLScriptElement && node.type === "module")
        .map((script) => (script.src ? `module ${new URL(script.src).pathname}` : "inline"));
      if (scripts.length) added.push(scripts);
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto("/");
  await waitForHydration(page, true);
  const added = await page.evaluate(() => (window as unknown as { scriptsAdded: string[][] }).scriptsAdded);
  const shared = await page
    .locator('link[rel="modulepreload"][href*="/_shared/"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  // the React chunk and the helpers' chunk at least
  expect(shared.length).toBeGreaterThan(1);
  expect(added).toEqual([...shared.map((path) => [`module ${path}`]), ["inline"]]);
});
