// `npm test`: the whole suite, in the order that fails fastest: lint and format (Biome), types, build, unit and integration
// tests (vitest, against the built worker), the client-JS budget, then the browser flows
// (Playwright in Debian's Chromium, with and without JavaScript). Ends with one summary line; a
// browser test that passed only on its retry counts as failed unless e2e/known-flaky.json lists it.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { bin, log, root, run } from "./lib.mjs";
import { checkedStates, describeStates } from "./page-states.mjs";
import { knownFlakyList, playwrightSummary, projectSeconds } from "./test-summary.mjs";

const tmp = path.join(root, ".tmp");
let passed = 0;
let failed = 0;
const failures = [];
const vitestFailures = [];

const timings = [];

async function stage(name, fn) {
  log(name);
  const started = performance.now();
  try {
    await fn();
  } catch (error) {
    failures.push(`${name}: ${error.message}`);
  }
  timings.push(`${name.replace(/ \(.*$/, "")}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

async function count(file, read) {
  let report;
  try {
    report = JSON.parse(await readFile(file, "utf8"));
  } catch {
    return; // the stage failed before writing its report; the stage failure is counted below
  }
  try {
    const result = await read(report);
    passed += result.passed;
    failed += result.failed;
  } catch (error) {
    failures.push(`${path.basename(file)}: ${error.message}`);
  }
}

await stage("Lint and format (Biome; `npm run format` fixes what it can)", () => run(bin("biome"), ["ci", "."]));
await stage("Type check", () => run(bin("tsc"), ["--noEmit"]));
await stage("Build", () => run(bin("remix"), ["build"]));
await stage("Unit and integration tests (vitest)", () =>
  run(bin("vitest"), [
    "run",
    "--config",
    "tests/vitest.config.ts",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${path.join(tmp, "vitest.json")}`,
  ]),
);
await count(path.join(tmp, "vitest.json"), (r) => {
  // Name the failed tests again at the end: CI keeps only the tail of the output.
  for (const file of r.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === "failed") {
        vitestFailures.push(
          `${path.relative(root, file.name)} › ${t.fullName}: ${(t.failureMessages ?? [])[0]?.split("\n")[0] ?? ""}`,
        );
      }
    }
  }
  return { passed: r.numPassedTests, failed: r.numFailedTests };
});
await stage("Client JavaScript budget (gzip, first load)", () =>
  run(process.execPath, ["scripts/bundle-size.mjs", "--check"]),
);
await stage("End-to-end tests (Playwright, Chromium, with and without JavaScript)", () =>
  run(bin("playwright"), ["test", "--config", "e2e/playwright.config.ts"], { env: { CI: process.env.CI ?? "" } }),
);
await count(path.join(tmp, "playwright.json"), async (r) => {
  const known = knownFlakyList(JSON.parse(await readFile(path.join(root, "e2e/known-flaky.json"), "utf8")));
  const result = playwrightSummary(r, known);
  for (const t of result.flaky) console.error(`✘ passed only on its retry (flaky, not in e2e/known-flaky.json): ${t}`);
  for (const t of result.knownFlaky) console.log(`Playwright: known flaky, passed on its retry: ${t}`);
  const perProject = Object.entries(projectSeconds(r)).map(([project, s]) => `${project} ${s.toFixed(0)} s`);
  console.log(`Browser tests per project (summed over the workers): ${perProject.join(", ")}`);
  return result;
});
console.log(`Axe and the 360 px layout check: ${describeStates(checkedStates())}`);
console.log(`Stages: ${timings.join(", ")}`);

for (const t of vitestFailures) console.error(`✘ failed (vitest): ${t}`);
for (const f of failures) console.error(`✘ ${f}`);
const stageFailures = failures.length && failed === 0 ? 1 : 0;
console.log(`\ntests: ${passed} passed, ${failed + stageFailures} failed`);
process.exit(failures.length || failed ? 1 : 0);
