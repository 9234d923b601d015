/**
 * Migrates and seeds one D1 for the whole integration run, in a persisted directory: each test
 * file starts its shop on its own copy of it (tests/integration/worker.ts), so a file starts in
 * well under a second instead of seeding the catalogue again (about 4 s each), and files still
 * never see each other's writes. The demo customers' password hashes depend on the pepper, so a
 * shop with another pepper (the production tests) seeds its own.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startMiniflareShop } from "../../scripts/miniflare-shop.mjs";
import { pepper } from "../../scripts/seed/password.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated and seeded D1 (Miniflare's d1Persist directory, to be copied, never written), and the pepper of its hashes. */
    seededD1: { dir: string; pepper: string };
  }
}

/**
 * Seeding prepares every statement through Miniflare's synchronous proxy channel, which on a busy
 * machine once in a while answers a call with nothing (its assertion "false == true"), as
 * scripts/e2e-server.mjs knows. No test has run yet: that database is thrown away and made again,
 * at most twice.
 */
async function seededDirectory(attempt = 1): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "frischkorb-seeded-d1-"));
  try {
    const { mf } = await startMiniflareShop({ persist: dir });
    await mf.dispose();
    return dir;
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    if (attempt >= 3 || (error as { code?: string })?.code !== "ERR_ASSERTION") throw error;
    console.error(`integration setup: Miniflare's proxy failed while seeding (attempt ${attempt}); seeding anew`);
    return seededDirectory(attempt + 1);
  }
}

export default async function setup(project: TestProject) {
  const dir = await seededDirectory();
  project.provide("seededD1", { dir, pepper: pepper() });
  return () => rm(dir, { recursive: true, force: true });
}
