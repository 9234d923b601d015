/**
 * Test setup: a customer who is already signed in, without going through the sign-in form
 * (docs/decisions/0035). A test whose subject is something else (the cart, the checkout, the
 * cards) starts where a finished sign-in leaves the browser: a session row in D1 and the signed
 * session cookie. Sign-in itself stays tested through the form (accounts-*.spec.ts and the flows
 * that sign in on the way, such as the login prompt and the expired session).
 *
 * Nothing of this is in the shop: the row goes in through the e2e server's control endpoint
 * (scripts/e2e-server.mjs, started only by the Playwright config), and the cookie is signed here
 * with the development session secret the e2e shop runs with. The worker has no route that
 * creates a session without a password (tests/unit/test-shortcuts.test.ts).
 */
import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { createCookie } from "../app/platform/cookie.server";
import { executeD1 } from "./d1";
import { expect, test } from "./fixtures";

/** The development secrets the e2e shop runs with (it has no secrets of its own). */
const development = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../app/platform/development-secrets.json"), "utf8"),
) as { SESSION_SECRET: string };

/** The session cookie's name, as app/platform/session.server.ts sets it. */
const SESSION_COOKIE = "__session";

/** A shop's SQL and address: the run's shared e2e shop unless a test starts one of its own. */
export interface ShopAccess {
  execute: typeof executeD1;
  url: string;
}

/** Signs the customer in: the browser gets a fresh session's cookie, as after the sign-in form. */
export async function startSignedIn(page: Page, email: string, shop?: ShopAccess) {
  const sql = shop?.execute ?? executeD1;
  const id = randomBytes(32).toString("base64url");
  const idHash = createHash("sha256").update(id).digest("hex");
  const now = Math.floor(Date.now() / 1000);
  await sql(
    "INSERT INTO session (id_hash, customer_id, created_at, last_seen_at) SELECT ?, id, ?, ? FROM customer WHERE email = ?",
    [idHash, now, now, email],
  );
  const started = await sql("SELECT customer_id FROM session WHERE id_hash = ?", [idHash]);
  expect(started, `a session for ${email}`).toHaveLength(1);
  const cookie = createCookie(SESSION_COOKIE, { secrets: [development.SESSION_SECRET] });
  const value = (await cookie.serialize(id)).split(";")[0].slice(SESSION_COOKIE.length + 1);
  const url = shop?.url ?? test.info().project.use.baseURL;
  await page.context().addCookies([{ name: SESSION_COOKIE, value, url, httpOnly: true, sameSite: "Lax" }]);
}
