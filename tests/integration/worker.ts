/**
 * The built worker in workerd (Miniflare), with a D1 migrated by the project's migrations and
 * loaded with the demo seed: the production code path, no proxy in between.
 */
import type { Miniflare } from "miniflare";
import { startMiniflareShop } from "../../scripts/miniflare-shop.mjs";

export interface TestShop {
  mf: Miniflare;
  db: D1Database;
  fetch: (pathname: string, init?: RequestInit) => Promise<Response>;
  dispose: () => Promise<void>;
}

export const ORIGIN = "http://shop.test";

export async function startShop(opts: { seed?: boolean; migrate?: boolean; bindings?: Record<string, string> } = {}): Promise<TestShop> {
  const { mf, db } = await startMiniflareShop(opts);
  return {
    mf,
    db: db as unknown as D1Database,
    fetch: (pathname, init) => mf.dispatchFetch(new URL(pathname, ORIGIN), { redirect: "manual", ...init } as never) as unknown as Promise<Response>,
    dispose: () => mf.dispose(),
  };
}
