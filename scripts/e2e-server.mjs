// The shop as the end-to-end tests see it: the production build on workerd with its own local D1
// (separate from `npm start`'s), created fresh for every run, migrated and seeded, so customers,
// sessions and throttle counters of an earlier run never leak into this one.
import { rm } from "node:fs/promises";
import path from "node:path";
import { bin, root, run } from "./lib.mjs";
import { migrate, seed } from "./seed.mjs";

const port = process.env.E2E_PORT ?? "8790";
const stateDir = path.join(root, ".tmp", "e2e-state");
const state = ["--persist-to", stateDir];
await rm(stateDir, { recursive: true, force: true });
await migrate(state);
await seed(state);
await run(bin("wrangler"), ["dev", "--ip", "127.0.0.1", "--port", port, "--log-level", "warn", ...state]);
