import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { phoneLayoutProblemsAt360 } from "./phone-layout";

/**
 * Every page a test visits gets an axe check: no serious or critical violations, and the same
 * page must fit a 360 px phone (no sideways scrolling, no text out of its box, nothing on top of
 * each other; see phone-layout.ts). Axe needs
 * JavaScript in the page; for the no-JS runs it checks the same URL in a twin context whose app
 * scripts are blocked, so it sees exactly the server-rendered document a no-JS visitor gets.
 */
export async function expectAccessible(page: Page) {
  const jsEnabled = base.info().project.use.javaScriptEnabled !== false;
  let target = page;
  let close = async () => {};
  if (!jsEnabled) {
    const context = await page.context().browser()!.newContext({ javaScriptEnabled: true, locale: "de-DE" });
    await context.addCookies(await page.context().cookies());
    await context.route(/\/build\/.*\.js$/, (route) => route.abort());
    target = await context.newPage();
    await target.goto(page.url());
    close = () => context.close();
  }
  try {
    const results = await new AxeBuilder({ page: target }).analyze();
    const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    expect(await phoneLayoutProblemsAt360(target), `${page.url()} at 360 px`).toEqual([]);
  } finally {
    await close();
  }
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
