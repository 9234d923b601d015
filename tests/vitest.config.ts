import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "..");
/** Measurements that take minutes and print figures: run on request (package.json's measure:import). */
const MEASUREMENTS = ["tests/integration/range-import-100k.test.ts"];

export default defineConfig({
  root,
  resolve: { alias: { "~": path.join(root, "app") } },
  test: {
    // Vitest's default leaves one of the machine's two cores to the main process; the integration
    // files mostly wait for their workerd, so two files at a time keep both cores busy.
    maxWorkers: 2,
    projects: [
      // property tests run 10,000 cases each: on a busy 2-core CI machine that can take far over 5 s
      {
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node", testTimeout: 60_000 },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...MEASUREMENTS],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // migrates and seeds one D1 that every file copies
          globalSetup: ["tests/integration/global-setup.ts"],
          // tests/integration/harness.test.ts runs the garbage collector on purpose
          execArgv: ["--expose-gc"],
          // The files share a worker's modules (Miniflare's, the helpers'), imported once per worker
          // instead of once per file: the import time went from 110 s to 30 s, the stage from 528 s
          // to 460 s. Every file starts its own shop on its own database copy (worker.ts), and the
          // helpers keep no state between files. The unit files replace globals and timers in their
          // tests (vitest's global and timer mocks), so they keep a module registry each.
          isolate: false,
        },
      },
      // `npm run measure:import`: the measurements, with the integration files' setup, never in `npm test`
      ...(process.env.MEASURE === "1"
        ? [
            {
              extends: true as const,
              test: {
                name: "measure",
                include: MEASUREMENTS,
                environment: "node",
                hookTimeout: 120_000,
                globalSetup: ["tests/integration/global-setup.ts"],
              },
            },
          ]
        : []),
    ],
  },
});
