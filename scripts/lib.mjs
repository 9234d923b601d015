// Small process helpers shared by the project scripts.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const bin = (name) => path.join(root, "node_modules", ".bin", name);
/** Debian's Chromium, which Lighthouse uses (installed by ensure-deps.mjs). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/**
 * Debian's build of Chromium's headless shell (the "old headless"), which the browser tests use,
 * as Playwright does with its own download: the same engine without the full browser's shell,
 * 26 % less time over the same tests than the full Chromium in headless mode (decision 0035).
 */
export const HEADLESS_CHROMIUM = process.env.HEADLESS_CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

/** Runs a command with inherited output; rejects with its exit code. */
export function run(cmd, args, opts = {}) {
  // `env` adds to the environment: spread after it, `opts.env` alone replaced it (the browser
  // tests then ran on the default port whatever E2E_PORT said)
  const { env, ...rest } = opts;
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: "inherit",
      ...rest,
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", ...env },
    });
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} failed (${signal ?? code})`)),
    );
  });
}

export function log(message) {
  console.log(`\x1b[32m›\x1b[0m ${message}`);
}
