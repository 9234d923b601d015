/**
 * The built worker in workerd (Miniflare), with a D1 migrated by the project's migrations and
 * loaded with the demo seed: the production code path, no proxy in between.
 */
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Miniflare } from "miniflare";
import { inject } from "vitest";
import { startMiniflareShop } from "../../scripts/miniflare-shop.mjs";
import { pepper } from "../../scripts/seed/password.mjs";
import { serialD1 } from "./serial-d1";

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
  /** An ES module importing the shop from "./index.js", served in its place (a probe around the build). */
  wrapper?: string;
  /** Every line the worker logs, with its level ("error", "warn", "info", "log", "debug"). */
  logs?: (line: { level: string; message: string }) => void;
  /**
   * Makes the D1 binding switchable: asked before every statement, and while it says true every
   * statement fails as D1 does when it cannot be reached (scripts/miniflare-shop.mjs).
   */
  databaseDown?: () => boolean;
  /** Opens Miniflare's /cdn-cgi/handler/scheduled: cron runs started like requests, so they can overlap. */
  triggerHandlers?: boolean;
  /**
   * Gives the shop the mail queue (binding MAIL, the shop its consumer), as wrangler.toml does; a
   * string is the queue's name (for a test that hands the consumer a batch itself).
   */
  mailQueue?: boolean | string;
}

export async function startShop(opts: ShopOptions = {}): Promise<TestShop> {
  const template = inject("seededD1");
  // the demo customers' hashes depend on the pepper: a shop seeded with another one seeds its own
  const seeded = opts.seed !== false && opts.migrate !== false && template.pepper === pepper();
  const copy = seeded ? await copyOf(template.dir) : null;
  const { mf, db, sql } = await startMiniflareShop(
    copy ? { ...opts, persist: copy, migrate: false, seed: false, sql: true } : { ...opts, sql: true },
  );
  const origin = opts.origin ?? ORIGIN;
  return {
    mf,
    origin,
    // one call at a time through Miniflare's proxy (serial-d1.ts)
    db: serialD1(db as unknown as D1Database, sql ?? undefined),
    // A path is appended as it is: "//evil.example" is a path of the shop, not another host.
    fetch: async (pathname, init) =>
      bodyReadAtOnce(
        (await mf.dispatchFetch(pathname.startsWith("/") ? `${origin}${pathname}` : new URL(pathname, origin), {
          redirect: "manual",
          ...init,
        } as never)) as unknown as Response,
      ),
    dispose: async () => {
      await mf.dispose();
      if (copy) await rm(copy, { recursive: true, force: true });
    },
  };
}

/** A private copy of the run's migrated and seeded D1 (tests/integration/global-setup.ts). */
async function copyOf(template: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "frischkorb-d1-"));
  await cp(template, dir, { recursive: true });
  return dir;
}

/** Statuses whose responses carry no body by definition (a Response refuses one for them). */
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * Miniflare wraps undici's response around the same body stream and drops the inner one; when
 * the garbage collector takes the inner response, undici cancels that stream, and a body read
 * later fails with "Body has already been read". When that happens depends on the collector, so
 * a test keeping answers to read them after further requests failed now and then. Reading the
 * body at once makes every answer safe to keep.
 */
async function bodyReadAtOnce(res: Response): Promise<Response> {
  const body = await res.arrayBuffer();
  return new Response(NULL_BODY.has(res.status) ? null : body, {
    status: res.status,
    statusText: res.statusText,
    headers: res.headers,
  });
}
