import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const root = path.resolve(import.meta.dirname, "..");
const port = process.env.E2E_PORT ?? "8790";
export const baseURL = `http://127.0.0.1:${port}`;

// Debian's Chromium headless shell (installed by scripts/ensure-deps.mjs; scripts/lib.mjs says why
// the shell), never a downloaded browser.
export const launchOptions = {
  executablePath: process.env.HEADLESS_CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

export default defineConfig({
  testDir: ".",
  // every run checks each page state anew (e2e/page-state.ts)
  globalSetup: "./global-setup.ts",
  outputDir: path.join(root, ".tmp", "test-results"),
  fullyParallel: true,
  workers: 2,
  // CI machines are small and shared: one retry shows whether a failure repeats. A pass on the
  // retry is "flaky" in the report and fails `npm test` unless e2e/known-flaky.json lists it with a
  // reason (scripts/test-summary.mjs).
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 12_000 },
  reporter: [["list"], ["json", { outputFile: path.join(root, ".tmp", "playwright.json") }]],
  // A trace records every action's DOM and screen: a fifth of the browser tests' time when kept for
  // every test. The retry of a failed test records one (`--trace on` records them all locally).
  use: { baseURL, locale: "de-DE", timezoneId: "Europe/Berlin", launchOptions, trace: "on-first-retry" },
  projects: [
    {
      name: "js",
      use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: true },
      // pages that ship no JavaScript at all look the same with it: the no-JS project tests them
      grepInvert: /@pages-without-javascript/,
    },
    {
      name: "no-js",
      use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: false },
      // what only exists with JavaScript (hydration) belongs to the JS project alone
      grepInvert: /@needs-javascript/,
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    cwd: root,
    // the control endpoint answers once the shop's database is migrated and seeded
    url: `http://127.0.0.1:${Number(port) + 1}/ready`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
