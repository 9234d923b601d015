// Counts the page states the browser tests checked with axe and the 360 px layout check
// (e2e/page-state.ts, docs/decisions/0035), per project, from the last run's
// .tmp/page-states/seen.jsonl. With `--against <seen.jsonl of another run>` it also lists the
// states that run checked and this one did not (to compare a change of the tests with main;
// `--signatures <dir>` where that run kept its states' signatures, if not beside its seen.jsonl).
// `npm test` prints the count after the browser tests.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { root } from "./lib.mjs";

export const SEEN = path.join(root, ".tmp", "page-states", "seen.jsonl");

/** e2e/page-state.ts's key (FNV-1a) of a signature. */
function stateKey(signature) {
  let h = 2166136261;
  for (let i = 0; i < signature.length; i++) h = Math.imul(h ^ signature.charCodeAt(i), 16777619) >>> 0;
  return h.toString(16).padStart(8, "0");
}

/**
 * A recorded state's key as today's signature would give it: recordings made before the module
 * preloads (LINK) and META left the signature are keyed anew from their stored signatures.
 */
function currentKey(key, signatures) {
  const file = path.join(signatures, `${key}.txt`);
  if (!existsSync(file)) return key;
  const lines = readFileSync(file, "utf8").split("\n");
  return stateKey(lines.filter((line) => !/^(LINK|META)\[/.test(line)).join("\n"));
}

/** project → Map(state key → the first test that reached it), of the states whose checks ran. */
export function checkedStates(file = SEEN, signatures = path.join(path.dirname(file), "signatures")) {
  const byProject = new Map();
  if (!existsSync(file)) return byProject;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line.trim()) continue;
    const entry = JSON.parse(line);
    if (!byProject.has(entry.project)) byProject.set(entry.project, { reached: 0, checked: new Map(), ms: 0 });
    const states = byProject.get(entry.project);
    states.reached++;
    states.ms += entry.ms ?? 0;
    // an entry of an older run's format (no `checked`) counts as checked: that run checked every visit
    // `full`: the recording of the tests before decision 0035
    const key = currentKey(entry.key ?? entry.full, signatures);
    if (entry.checked !== false && !states.checked.has(key)) states.checked.set(key, `${entry.test} (${entry.url})`);
  }
  return byProject;
}

/** "js: 143 states checked (of 402 reached), no-js: …" */
export function describeStates(byProject) {
  return [...byProject]
    .map(
      ([project, s]) =>
        `${project}: ${s.checked.size} page states checked in ${(s.ms / 1000).toFixed(0)} s (${s.reached} times reached)`,
    )
    .join(", ");
}

if (process.argv[1] === import.meta.filename) {
  const now = checkedStates();
  console.log(describeStates(now));
  const against = process.argv.indexOf("--against");
  if (against > 0) {
    const signatures = process.argv.indexOf("--signatures");
    const other = checkedStates(process.argv[against + 1], signatures > 0 ? process.argv[signatures + 1] : undefined);
    console.log(`the other run: ${describeStates(other)}`);
    for (const [project, states] of other) {
      const missing = [...states.checked].filter(([key]) => !now.get(project)?.checked.has(key));
      // a document without JavaScript is the same in both projects: its state has the same key
      const elsewhere = (key) => [...now].find(([other, s]) => other !== project && s.checked.has(key))?.[0];
      console.log(`${project}: ${missing.length} of its states not checked here`);
      for (const [key, where] of missing)
        console.log(
          `  ${key} ${where}${elsewhere(key) ? ` — checked here by ${elsewhere(key)}, the same document` : ""}`,
        );
    }
  }
}
