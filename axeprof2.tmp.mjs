import { chromium } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu","--disable-background-networking","--disable-component-update","--disable-sync","--no-first-run","--disable-quic"] });
const ctx = await b.newContext({ javaScriptEnabled: true });
await ctx.addCookies([{ name: "consent", value: encodeURIComponent("v1:"), url: "http://127.0.0.1:8810" }]);
const p = await ctx.newPage();
await p.goto("http://127.0.0.1:8810" + (process.argv[2] ?? "/catalog/category/startseite"));
await p.waitForTimeout(1500);
const time = async (label, f) => { const t = Date.now(); const r = await f(); console.log(label, Date.now() - t, r); };
await time("default", async () => (await new AxeBuilder({ page: p }).analyze()).violations.length);
await time("violations only", async () => (await new AxeBuilder({ page: p }).options({ resultTypes: ["violations"] }).analyze()).violations.length);
await time("violations only again", async () => (await new AxeBuilder({ page: p }).options({ resultTypes: ["violations"] }).analyze()).violations.length);
// rule impacts
const meta = await p.evaluate(() => {
  const rank = { minor: 1, moderate: 2, serious: 3, critical: 4 };
  const checks = Object.fromEntries(axe._audit.checks ? Object.entries(axe._audit.checks).map(([id, c]) => [id, c.metadata?.impact]) : []);
  return axe._audit.rules.map((r) => {
    const ids = [...r.any, ...r.all, ...r.none].map((c) => (typeof c === "string" ? c : c.id));
    const impacts = ids.map((id) => checks[id]);
    return { id: r.id, enabled: r.enabled, ruleImpact: r.impact, impacts };
  });
});
console.log(JSON.stringify(meta.filter(m => m.enabled).map(m => [m.id, m.ruleImpact, [...new Set(m.impacts)].join("/")])));
await b.close();
