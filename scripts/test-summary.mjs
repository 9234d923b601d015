// Counting for the final line of `npm test` (scripts/test.mjs). A Playwright test that passed only on
// its retry is "flaky" in Playwright's JSON report (status "flaky": a failed try, then a passing one).
// Playwright's own exit code lets it through; here it counts as failed unless e2e/known-flaky.json lists
// it with the reason it may pass only on retry, so a new flaky test never hides behind the retry.

/**
 * Checks the known-flaky list: an array of { test, reason }, where `test` is the file and the titles as
 * the report names them ("cart-gifts.spec.ts › steppers: …", describe titles in between) and `reason`
 * says why. Throws on anything else, so a list entry without its reason cannot creep in.
 * @param {unknown} entries
 * @returns {Map<string, string>} test -> reason
 */
export function knownFlakyList(entries) {
  if (!Array.isArray(entries)) throw new Error("known-flaky list: expected an array of { test, reason }");
  const list = new Map();
  for (const entry of entries) {
    if (typeof entry?.test !== "string" || !entry.test.trim())
      throw new Error(`known-flaky list: entry without a test: ${JSON.stringify(entry)}`);
    if (typeof entry.reason !== "string" || !entry.reason.trim())
      throw new Error(`known-flaky list: "${entry.test}" has no reason`);
    list.set(entry.test, entry.reason);
  }
  return list;
}

/**
 * Passed and failed tests of a Playwright JSON report (one per test and project). A flaky test
 * counts as passed only when the known-flaky list names it.
 * @param {{ suites?: any[] }} report
 * @param {Map<string, string>} knownFlaky
 * @returns {{ passed: number, failed: number, flaky: string[], knownFlaky: string[] }}
 *   flaky: "[project] test" of each unlisted retried pass; knownFlaky: the listed ones with their reason
 */
export function playwrightSummary(report, knownFlaky) {
  const summary = { passed: 0, failed: 0, flaky: [], knownFlaky: [] };
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      const name = [...titles, spec.title].join(" › ");
      for (const test of spec.tests) {
        if (test.status === "expected") summary.passed += 1;
        else if (test.status === "unexpected") summary.failed += 1;
        else if (test.status === "flaky" && knownFlaky.has(name)) {
          summary.passed += 1;
          summary.knownFlaky.push(`[${test.projectName}] ${name} (${knownFlaky.get(name)})`);
        } else if (test.status === "flaky") {
          summary.failed += 1;
          summary.flaky.push(`[${test.projectName}] ${name}`);
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  // the top suites are the files; their title is the file's path
  for (const file of report.suites ?? []) visit(file, [file.title]);
  return summary;
}

/** Seconds the browser tests of each project took, summed over the workers that ran them in parallel. */
export function projectSeconds(report) {
  const seconds = {};
  const visit = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results)
          seconds[test.projectName] = (seconds[test.projectName] ?? 0) + result.duration / 1000;
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  return seconds;
}
