/**
 * The built worker in workerd (Miniflare), with a D1 migrated by the project's migrations and
 * loaded with the demo seed: the production code path, no proxy in between.
 */
import type { Miniflare } from "miniflare";
import { startMiniflareShop } from "../../scripts/miniflare-shop.mjs";

export interface TestShop {
  mf: Miniflare;
  origin: string;
  db: D1Database;
  fetch: (pathname: string, init?: RequestInit) => Promise<Response>;
  dispose: () => Promise<void>;
}

export const ORIGIN = "http://shop.test";

export interface ShopOptions {
  seed?: boolean;
  migrate?: boolean;
  bindings?: Record<string, string>;
  /** Answers the worker's fetches to the outside world (stand-ins of provider APIs). */
  outbound?: (request: Request) => Promise<Response>;
  /** Where the shop is reached; a local test address unless said otherwise. */
  origin?: string;
}

export async function startShop(opts: ShopOptions = {}): Promise<TestShop> {
  const { mf, db } = await startMiniflareShop(opts);
  const origin = opts.origin ?? ORIGIN;
  return {
    mf,
    origin,
    db: db as unknown as D1Database,
    // A path is appended as it is: "//evil.example" is a path of the shop, not another host.
    fetch: (pathname, init) => mf.dispatchFetch(pathname.startsWith("/") ? `${origin}${pathname}` : new URL(pathname, origin), {
      redirect: "manual", ...init,
    } as never) as unknown as Promise<Response>,
    dispose: () => mf.dispose(),
  };
}
