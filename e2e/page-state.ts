import { appendFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";

/**
 * Page states (docs/decisions/0035): what axe and the 360 px layout check look at is a page state,
 * its address, its elements with the attributes that change what they check, and its texts. A test
 * suite reaches the same state many times (the sign-in page, Anna's account, a product page), and
 * checking it again finds nothing new: each project checks each state once per run. Numbers,
 * e-mail addresses and long tokens are blanked, so the same page for another test customer, order
 * number or price is the same state; anything else that differs (a message, an open dialog, a
 * field marked invalid, the theme, a signed-in header) makes another state.
 */
export const STATES_DIR = path.resolve(import.meta.dirname, "..", ".tmp", "page-states");

/** The attributes whose values change what axe or the layout check see; of the others only the name counts. */
const VALUED_ATTRIBUTES = [
  "role",
  "type",
  "class",
  "open",
  "hidden",
  "disabled",
  "aria-invalid",
  "aria-expanded",
  "aria-hidden",
  "aria-current",
  "aria-selected",
  "aria-modal",
  "data-theme",
  "data-signed-in",
];

/**
 * Elements that are never rendered: the app's scripts and their module preloads, which the
 * browser moves into the body after the first paint (DeferredScripts), are no part of a state.
 */
export const UNRENDERED = ["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT", "LINK", "META"];

/** The page's normalised description: the address, then one line per element with its own texts. */
export function pageSignature(page: Page): Promise<string> {
  return page.evaluate(
    ([valued, unrendered]) => {
      const blank = (s: string) =>
        s
          .replace(/[\w.+-]+@[\w-]+\.[\w.]+/g, "E")
          .replace(/[A-Za-z0-9_-]{20,}/g, "T")
          .replace(/\d+/g, "N")
          .replace(/\s+/g, " ")
          .trim();
      const lines: string[] = [blank(location.pathname + location.search)];
      const html = document.documentElement;
      for (const el of [html, ...document.body.querySelectorAll("*")]) {
        if (unrendered.includes(el.tagName)) continue;
        const attributes = [...el.attributes]
          .map((a) => (valued.includes(a.name) ? `${a.name}=${blank(a.value)}` : a.name))
          .sort()
          .join(",");
        const texts =
          el === html
            ? ""
            : [...el.childNodes]
                .filter((n) => n.nodeType === Node.TEXT_NODE)
                .map((n) => n.textContent ?? "")
                .join(" ");
        lines.push(`${el.tagName}[${attributes}] ${blank(texts)}`);
      }
      return lines.join("\n");
    },
    [VALUED_ATTRIBUTES, UNRENDERED] as const,
  );
}

/** FNV-1a of the signature: short, stable, and collisions among a few hundred states are negligible. */
export function stateKey(signature: string): string {
  let h = 2166136261;
  for (let i = 0; i < signature.length; i++) h = Math.imul(h ^ signature.charCodeAt(i), 16777619) >>> 0;
  return h.toString(16).padStart(8, "0");
}

const marker = (project: string, key: string) => path.join(STATES_DIR, "checked", `${project}-${key}`);

/** Whether this project's run has already checked the state (and found it good). */
export function alreadyChecked(project: string, key: string): boolean {
  return existsSync(marker(project, key));
}

/**
 * Marks the state as checked, after its checks passed: a state whose check failed stays unchecked,
 * so Playwright's retry checks it again instead of passing by it.
 */
export function markChecked(project: string, key: string) {
  mkdirSync(path.dirname(marker(project, key)), { recursive: true });
  writeFileSync(marker(project, key), "");
}

/**
 * Every state a test reached, checked now (with the check's milliseconds) or earlier, for
 * `scripts/page-states.mjs` to count; the signature of a checked state is kept beside it
 * (`signatures/<key>.txt`), to see what two states differ in.
 */
export function recordState(
  entry: { project: string; key: string; url: string; test: string; checked: boolean; ms: number },
  signature: string,
) {
  mkdirSync(path.join(STATES_DIR, "signatures"), { recursive: true });
  appendFileSync(path.join(STATES_DIR, "seen.jsonl"), `${JSON.stringify(entry)}\n`);
  const file = path.join(STATES_DIR, "signatures", `${entry.key}.txt`);
  if (entry.checked && !existsSync(file)) writeFileSync(file, signature);
}

/** A run starts with no state checked (the Playwright config's globalSetup). */
export function forgetStates() {
  rmSync(STATES_DIR, { recursive: true, force: true });
}
