import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test as base, type Browser, expect, type Page } from "@playwright/test";
import type * as Axe from "axe-core";
import { alreadyChecked, markChecked, pageSignature, recordState, stateKey } from "./page-state";
import { phoneLayoutProblemsAt360 } from "./phone-layout";

/**
 * Every page state a test reaches gets an axe check (no serious or critical violations) and must
 * fit a 360 px phone (no sideways scrolling, no text out of its box, nothing on top of each other;
 * see phone-layout.ts). Each project checks each distinct state once per run (page-state.ts,
 * docs/decisions/0035): reaching it again in another test would check the same document again.
 *
 * Axe needs JavaScript in the page. Without JavaScript the checks run on a snapshot of exactly the
 * document the no-JS visitor has in front of her (a form's answer included, `<noscript>` content as
 * the markup she sees), shown in a twin page with JavaScript (snapshotInTwin below).
 */
export async function expectAccessible(page: Page) {
  const info = base.info();
  const jsEnabled = info.project.use.javaScriptEnabled !== false;
  if (jsEnabled) await settleHydration(page);
  const signature = await pageSignature(page);
  const key = stateKey(signature);
  const project = info.project.name;
  const entry = { project, key, url: page.url(), test: info.titlePath.join(" › ") };
  if (alreadyChecked(project, key)) return recordState({ ...entry, checked: false, ms: 0 }, signature);
  const started = Date.now();
  const target = jsEnabled ? page : await snapshotInTwin(page);
  expect(await seriousViolations(target)).toEqual([]);
  expect(await phoneLayoutProblemsAt360(target), `${page.url()} at 360 px`).toEqual([]);
  markChecked(project, key);
  recordState({ ...entry, checked: true, ms: Date.now() - started }, signature);
}

/**
 * Axe's serious and critical violations of the page as its project checks it (without JavaScript:
 * in the twin), without the assertion and the once-per-state bookkeeping: for
 * e2e/accessibility-check.spec.ts, which shows what the check finds.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const jsEnabled = base.info().project.use.javaScriptEnabled !== false;
  return seriousViolations(jsEnabled ? page : await snapshotInTwin(page));
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Axe's serious and critical violations on the page, each as "rule: the elements". Axe runs in
 * the page itself, reporting violations only: @axe-core/playwright's AxeBuilder finishes every
 * run in a new page it opens and sends all results there, which took two thirds of a check's
 * time (docs/decisions/0035). The shop has no frames, the one thing AxeBuilder adds.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof Axe }).axe;
    // Axe ships "label-content-name-mismatch" (WCAG 2.5.3, label in name) switched off as
    // experimental; a voice-control user says what she sees, so every control's name must
    // contain its visible text (issue 31 found names that did not).
    const { violations } = await axe.run(document, {
      resultTypes: ["violations"],
      rules: { "label-content-name-mismatch": { enabled: true } },
    });
    return violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
}

/**
 * With JavaScript, a page that ships the app is checked once React has hydrated it, so the state
 * is the one the shopper uses, and the same every run. A page whose scripts a test holds back
 * (new-version.spec.ts) is checked as it is after a few seconds.
 */
async function settleHydration(page: Page) {
  const shipsApp = await page.evaluate(() => document.getElementById("app-scripts") !== null);
  if (!shipsApp) return;
  await page
    .waitForFunction(
      () => {
        const main = document.getElementById("main");
        return !!main && Object.keys(main).some((key) => key.startsWith("__reactFiber$"));
      },
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => {});
}

/** The browser's twin pages, one per origin (the outage tests' shop runs on a port of its own). */
const twins = new WeakMap<Browser, Map<string, Promise<Page>>>();

/** The twin's own address: a blank page of the shop's origin, so the snapshots' addresses resolve. */
const TWIN_PATH = "/__no-js-twin";

/**
 * The no-JS page's current document, shown in the browser's twin page: one warm document with axe
 * loaded once, whose content each snapshot replaces (a fresh page load per check cost twice a check
 * with JavaScript). The snapshot is parsed as the no-JS browser parsed it, without scripting
 * (DOMParser): `<noscript>` holds the markup the visitor sees, shown in its place (as a <span>, an
 * element that renders it, like <noscript> without JavaScript), and no script of the page runs. The
 * document takes the page's address (same origin), viewport and colour scheme; its stylesheets,
 * fonts and images are loaded before the checks. Every navigation of the twin after its first load
 * (a `<meta http-equiv="refresh">` the snapshot brings) is cancelled, so the document stays.
 */
async function snapshotInTwin(page: Page): Promise<Page> {
  const browser = page.context().browser()!;
  const origin = new URL(page.url()).origin;
  if (!twins.has(browser)) twins.set(browser, new Map());
  const ofBrowser = twins.get(browser)!;
  let twin = ofBrowser.get(origin);
  if (!twin) {
    twin = (async () => {
      const context = await browser.newContext({
        javaScriptEnabled: true,
        locale: "de-DE",
        timezoneId: "Europe/Berlin",
      });
      let opened = false;
      await context.route("**/*", (route) => {
        const request = route.request();
        // the app's scripts never run in the twin; nothing needs them fetched
        if (/\/build\/.*\.js$/.test(new URL(request.url()).pathname)) return route.abort();
        if (!request.isNavigationRequest()) return route.continue();
        if (opened) return route.abort("aborted");
        opened = true;
        return route.fulfill({
          status: 200,
          contentType: "text/html; charset=utf-8",
          body: "<!DOCTYPE html><html><head></head><body></body></html>",
        });
      });
      const target = await context.newPage();
      await target.goto(`${origin}${TWIN_PATH}`);
      await target.evaluate(AXE_SOURCE);
      return target;
    })();
    ofBrowser.set(origin, twin);
  }
  const target = await twin;
  const [html, dark] = await Promise.all([
    page.content(),
    page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches),
  ]);
  const address = page.url().replace(/#.*$/, "");
  await target.setViewportSize(page.viewportSize() ?? { width: 1280, height: 720 });
  await target.emulateMedia({ colorScheme: dark ? "dark" : "light" });
  await target.evaluate(
    async ({ html, address }) => {
      history.replaceState(null, "", address);
      const parsed = new DOMParser().parseFromString(html, "text/html");
      // In <head> it stays text, as a browser with JavaScript parses it (and as this check had it
      // before): the one there is the waiting modal's `<meta http-equiv="refresh">`
      // (ShareWaitingModal.tsx), which axe's meta-refresh rule (WCAG 2.2.1) refuses; that is for
      // the shop to decide, not for this check to hide in the page or fail on.
      for (const noscript of parsed.head.querySelectorAll("noscript")) noscript.textContent = noscript.innerHTML;
      for (const noscript of parsed.body.querySelectorAll("noscript")) {
        const shown = parsed.createElement("span");
        while (noscript.firstChild) shown.appendChild(noscript.firstChild);
        noscript.replaceWith(shown);
      }
      // a resource that never answers must not hold the check: at most 5 s, as a page's load would time out
      const loaded = (element: Element) =>
        new Promise((resolve) => {
          element.addEventListener("load", resolve, { once: true });
          element.addEventListener("error", resolve, { once: true });
          setTimeout(resolve, 5_000);
        });
      const sheets = [...parsed.querySelectorAll('link[rel~="stylesheet"]')].map(loaded);
      document.replaceChild(document.adoptNode(parsed.documentElement), document.documentElement);
      const images = [...document.images]
        .filter((image) => image.loading !== "lazy" && !image.complete)
        .map((image) => loaded(image));
      await Promise.all([...sheets, ...images]);
      await document.fonts.ready;
    },
    { html, address },
  );
  return target;
}

/**
 * React's hydration errors (minified in the production build as #418, #423 and #425) and
 * uncaught page errors fail the test: server and browser must render the same page, texts
 * included, or the visitor sees content jump and loses what was typed before hydration.
 */
const HYDRATION_ERROR = /Minified React error #(418|423|425)|Hydration failed|did not match/;

// biome-ignore lint/suspicious/noConfusingVoidType: Playwright types a fixture that gives the test nothing as void
type Fixtures = { pageErrors: void; consentCookie: string | null };

/**
 * A returning visitor who refused all optional cookies, so the consent banner does not stand
 * above every page of every test; `e2e/consent.spec.ts` sets it to null to be a first visit.
 */
export const REFUSED_CONSENT = "v1:";

export const test = base.extend<Fixtures>({
  consentCookie: [REFUSED_CONSENT, { option: true }],
  context: async ({ context, consentCookie, baseURL }, use) => {
    if (consentCookie !== null)
      await context.addCookies([{ name: "consent", value: encodeURIComponent(consentCookie), url: baseURL! }]);
    await use(context);
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error" && HYDRATION_ERROR.test(message.text())) errors.push(message.text());
      });
      await use();
      expect(errors, "errors in the page").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
