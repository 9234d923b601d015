// Installs what a fresh machine lacks: the npm packages (with their patches in effect), and with --browser Debian's Chromium for
// the end-to-end tests (never Playwright's own browser download, which cannot work offline).
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { CHROMIUM, HEADLESS_CHROMIUM, log, root, run } from "./lib.mjs";

const lock = path.join(root, "package-lock.json");
const installed = path.join(root, "node_modules", ".package-lock.json");
const stale =
  !existsSync(installed) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(installed).mtimeMs + 1000);
if (stale) {
  log("Installing npm packages …");
  await run("npm", ["install", "--no-audit", "--no-fund"]);
} else {
  // The install applies patches/ (package.json's postinstall); node_modules that did not come from an
  // install here (a copy, `--ignore-scripts`) or patches changed since would go unnoticed. patch-package
  // passes a patch already applied and stops on one that is not (docs/decisions/0032).
  log("Checking the dependency patches …");
  await run("npm", ["run", "--silent", "postinstall"]);
}

if (process.argv.includes("--browser") && !(existsSync(CHROMIUM) && existsSync(HEADLESS_CHROMIUM))) {
  const asRoot = process.getuid?.() === 0;
  log("Installing Chromium from Debian's packages …");
  const apt = (...args) => (asRoot ? run("apt-get", args) : run("sudo", ["apt-get", ...args]));
  await apt("update", "-qq");
  await apt("install", "-y", "-qq", "chromium", "chromium-headless-shell", "fonts-dejavu-core");
}
