import type { ActionFunction, AppLoadContext, LoaderFunction, ServerBuild } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { answeringOutages, metDatabaseOutage, RETRY_AFTER_SECONDS } from "~/platform/database-outage.server";
import { isDatabaseUnavailable } from "~/platform/db.server";
import { isSecretField, outageOf } from "~/platform/database-outage";

/** An error as workerd's D1 client throws it: the prefix, and the upstream message as its cause. */
const d1 = (message: string) => new Error(`D1_ERROR: ${message}`, { cause: new Error(message) });

describe("what counts as the database being unavailable (decision 0036)", () => {
  it.each([
    "Network connection lost.",
    "D1 DB reset because its code was updated.",
    "Internal error while starting up D1 DB storage caused object to be reset.",
    "D1 DB storage operation exceeded timeout which caused object to be reset.",
    "D1 DB is overloaded. Too many requests queued.",
    "Cannot resolve D1 DB due to transient issue on remote node.",
    "D1 DB's isolate exceeded its memory limit and was reset.",
    "database is locked: SQLITE_BUSY",
    "Failed to parse body as JSON, got: error code: 1101",
  ])("D1 failing on its way: %s", (message) => {
    expect(isDatabaseUnavailable(d1(message))).toBe(true);
  });

  it("D1's own trouble without the binding's prefix", () => {
    expect(isDatabaseUnavailable(new Error("Network connection lost."))).toBe(true);
  });

  it.each([
    "no such table: customer_order: SQLITE_ERROR",
    "no such column: c.nickname: SQLITE_ERROR",
    'near "SELEC": syntax error at offset 0: SQLITE_ERROR',
    "CHECK constraint failed: cart_unchanged: SQLITE_CONSTRAINT (extended: SQLITE_CONSTRAINT_CHECK)",
    "UNIQUE constraint failed: customer.email: SQLITE_CONSTRAINT (extended: SQLITE_CONSTRAINT_UNIQUE)",
    "string or blob too big: SQLITE_TOOBIG",
    "No SQL statements detected.",
  ])("a statement of ours refused, a bug: %s", (message) => {
    expect(isDatabaseUnavailable(d1(message))).toBe(false);
  });

  it("errors that did not come from D1 are bugs", () => {
    expect(
      isDatabaseUnavailable(new Error("D1_TYPE_ERROR: Type 'undefined' not supported for value 'undefined'")),
    ).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable(new Response("Not Found", { status: 404 }))).toBe(false);
    expect(isDatabaseUnavailable("D1_ERROR: Network connection lost.")).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe("the outage page's data", () => {
  it("is recognised only by its reason", () => {
    const data = { reason: "databaseUnavailable", resend: null };
    expect(outageOf(data)).toBe(data);
    expect(outageOf({ reason: "other" })).toBeNull();
    expect(outageOf("databaseUnavailable")).toBeNull();
    expect(outageOf(null)).toBeNull();
  });

  it.each([
    ["password", true],
    ["passwordConfirm", true],
    ["currentPassword", true],
    ["newPassword", true],
    ["pin", true],
    ["pinRepeat", true],
    ["oldPin", true],
    ["email", false],
    ["defaultShipping", false],
    ["shippingMethod", false],
    ["sepa.iban", false],
    ["csrf", false],
  ])("%s is a secret never kept: %s", (name, secret) => {
    expect(isSecretField(name)).toBe(secret);
  });
});

describe("every loader and action answering an outage (answeringOutages)", () => {
  const outage = () =>
    new Error("D1_ERROR: Network connection lost.", { cause: new Error("Network connection lost.") });
  const build = (module: { loader?: LoaderFunction; action?: ActionFunction }) =>
    answeringOutages({ routes: { "routes/x": { id: "routes/x", path: "x", module } } } as unknown as ServerBuild)
      .routes["routes/x"].module;
  const post = (url: string, fields: Record<string, string>) =>
    new Request(url, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
  const args = (request: Request, context = {} as AppLoadContext) => ({ request, context, params: {} }) as never;
  async function thrown(run: () => unknown): Promise<unknown> {
    try {
      await run();
    } catch (error) {
      return error;
    }
    throw new Error("nothing was thrown");
  }

  it("an action's outage is a 503 with Retry-After carrying the form without its secrets", async () => {
    const { action } = build({
      action: async ({ request }) => {
        await request.formData();
        throw outage();
      },
    });
    const context = {} as AppLoadContext;
    const answer = (await thrown(() =>
      action!(args(post("https://shop.test/cart?index", { sku: "120001", pin: "1234", password: "x" }), context)),
    )) as Response;
    expect(answer.status).toBe(503);
    expect(answer.headers.get("Retry-After")).toBe(String(RETRY_AFTER_SECONDS));
    expect(await answer.json()).toEqual({
      reason: "databaseUnavailable",
      resend: { action: "/cart?index", fields: [["sku", "120001"]], secretsLeftOut: true },
    });
    expect(metDatabaseOutage(context)).toBe(true);
    expect(metDatabaseOutage({} as AppLoadContext)).toBe(false);
  });

  it("a loader's outage after the action keeps the action's form; without one it keeps nothing", async () => {
    const { action, loader } = build({
      action: async () => ({ refused: true }),
      loader: async () => {
        throw outage();
      },
    });
    const context = {} as AppLoadContext;
    await action!(args(post("https://shop.test/login", { email: "a@example.org" }), context));
    const afterPost = (await thrown(() => loader!(args(new Request("https://shop.test/login"), context)))) as Response;
    expect(((await afterPost.json()) as { resend: unknown }).resend).toEqual({
      action: "/login",
      fields: [["email", "a@example.org"]],
      secretsLeftOut: false,
    });
    const plain = (await thrown(() => loader!(args(new Request("https://shop.test/login"))))) as Response;
    expect(await plain.json()).toEqual({ reason: "databaseUnavailable", resend: null });
  });

  it("sends nothing back to another host or for a body that is no form", async () => {
    const { action } = build({
      action: async () => {
        throw outage();
      },
    });
    const elsewhere = (await thrown(() =>
      action!(args(post("https://shop.test//evil.example/x", { a: "1" }))),
    )) as Response;
    expect(((await elsewhere.json()) as { resend: unknown }).resend).toBeNull();
    const webhook = new Request("https://shop.test/payment/webhook/stripe", {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json" },
    });
    expect(
      ((await ((await thrown(() => action!(args(webhook)))) as Response).json()) as { resend: unknown }).resend,
    ).toBeNull();
  });

  it("leaves every other error as it was: a bug, a redirect, a refusal", async () => {
    const bug = new Error("D1_ERROR: no such table: product: SQLITE_ERROR");
    const redirect = new Response(null, { status: 302, headers: { Location: "/login" } });
    for (const error of [bug, redirect, new TypeError("x is undefined")]) {
      const { loader } = build({
        loader: async () => {
          throw error;
        },
      });
      expect(await thrown(() => loader!(args(new Request("https://shop.test/x"))))).toBe(error);
    }
    const { loader } = build({ loader: async () => "page" });
    expect(await loader!(args(new Request("https://shop.test/x")))).toBe("page");
  });
});
