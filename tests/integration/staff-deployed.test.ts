/**
 * The back office in a deployment (docs/decisions/0039): only through Cloudflare Access. The worker
 * fetches the team's published key set (here a local stand-in of it), verifies the assertion on
 * every request and maps its e-mail address to an active member of staff. No development sign-in.
 * (Without Access settings the back office does not exist: production.test.ts.)
 */
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProductionShop, type ProductionShop } from "./production";

const TEAM = "frischkorb.cloudflareaccess.com";
const AUD = "aud-tag-frischkorb-backoffice";

type Keys = Awaited<ReturnType<typeof generateKeyPair>>;
let team: Keys;
let stranger: Keys;
let withAccess: ProductionShop;

beforeAll(async () => {
  team = await generateKeyPair("RS256");
  stranger = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(team.publicKey)), kid: "team-1", alg: "RS256", use: "sig" };
  withAccess = await startProductionShop({
    bindings: { ACCESS_TEAM_DOMAIN: TEAM, ACCESS_AUD: AUD },
    hosts: {
      [TEAM]: async (request) =>
        new URL(request.url).pathname === "/cdn-cgi/access/certs"
          ? Response.json({ keys: [jwk] })
          : new Response("not found", { status: 404 }),
    },
  });
  await withAccess.db
    .prepare(
      `INSERT OR REPLACE INTO staff_member (id, email, name, role, store_id, active, created_at)
       VALUES (901, 'ada.admin@frischkorb.example', 'Ada Admin', 'admin', NULL, 1, 0),
              (902, 'ex.admin@frischkorb.example', 'Ex Admin', 'admin', NULL, 0, 0)`,
    )
    .run();
}, 120_000);
afterAll(async () => {
  await withAccess?.dispose();
});

function assertion(email: string, key = team.privateKey) {
  return new SignJWT({ email })
    .setProtectedHeader({ alg: "RS256", kid: "team-1" })
    .setIssuer(`https://${TEAM}`)
    .setAudience(AUD)
    .setIssuedAt()
    .setExpirationTime("10m")
    .sign(key);
}

const get = async (shop: ProductionShop, path: string, token?: string) => {
  const res = await shop.fetch(path, token ? { headers: { "Cf-Access-Jwt-Assertion": token } } : {});
  return { status: res.status, html: await res.text(), location: res.headers.get("Location") };
};

describe("the back office behind Cloudflare Access", () => {
  it("a valid assertion of an active member of staff opens her pages", async () => {
    const page = await get(withAccess, "/staff/members", await assertion("Ada.Admin@frischkorb.example"));
    expect(page.status).toBe(200);
    expect(page.html).toContain("Angemeldet als Ada Admin");
  });

  it("no assertion, another key's, or an e-mail address that is no (active) staff: 403, never a sign-in page", async () => {
    for (const token of [
      undefined,
      await assertion("ada.admin@frischkorb.example", stranger.privateKey),
      await assertion("anna.schmidt@example.org"),
      await assertion("ex.admin@frischkorb.example"),
    ]) {
      const page = await get(withAccess, "/staff", token);
      expect(page.status).toBe(403);
      expect(page.location).toBeNull();
    }
  });

  it("the development sign-in does not exist in a deployment, not even with a valid assertion", async () => {
    const token = await assertion("ada.admin@frischkorb.example");
    expect((await get(withAccess, "/staff/login", token)).status).toBe(404);
    const post = await withAccess.fetch("/staff/login", {
      method: "POST",
      body: new URLSearchParams({ staffId: "901" }),
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: withAccess.origin,
        "X-Forwarded-Host": new URL(withAccess.origin).host,
        "Cf-Access-Jwt-Assertion": token,
      },
    });
    await post.text();
    expect(post.status).not.toBe(302);
    expect(post.headers.getSetCookie().some((c) => c.startsWith("__staff="))).toBe(false);
  });
});
