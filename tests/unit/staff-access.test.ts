/**
 * The back office's identity in a deployment (app/platform/staff-access.server.ts): only an
 * assertion signed by the team's key, for the shop's Access application, from the team's issuer,
 * not expired and naming an e-mail address lets a person in. Checked against a local key set.
 */
import { createLocalJWKSet, errors, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import {
  ACCESS_HEADER,
  type AccessSettings,
  accessEmail,
  accessSettings,
  staffAccessProblems,
} from "~/platform/staff-access.server";
import type { Env } from "~/platform/context";

const SETTINGS: AccessSettings = { teamDomain: "frischkorb.cloudflareaccess.com", audience: "aud-tag-4711" };
const ISSUER = `https://${SETTINGS.teamDomain}`;

type Keys = Awaited<ReturnType<typeof generateKeyPair>>;
let team: Keys;
let stranger: Keys;
let keys: ReturnType<typeof createLocalJWKSet>;

beforeAll(async () => {
  team = await generateKeyPair("RS256");
  stranger = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(team.publicKey)), kid: "team-1", alg: "RS256", use: "sig" };
  keys = createLocalJWKSet({ keys: [jwk] });
});

function assertion(claims: JWTPayload = {}, { key = team.privateKey, kid = "team-1", expiresIn = "10m" } = {}) {
  return new SignJWT({ email: "Paula.Pick@Frischkorb.example", ...claims })
    .setProtectedHeader({ alg: "RS256", kid })
    .setIssuer(ISSUER)
    .setAudience(SETTINGS.audience)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(key);
}

const request = (token?: string) =>
  new Request("https://frischkorb.example/staff", token ? { headers: { [ACCESS_HEADER]: token } } : {});
const email = (token?: string) => accessEmail(request(token), SETTINGS, keys);
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("a Cloudflare Access assertion", () => {
  it("valid: the person's e-mail address, lower-cased", async () => {
    expect(await email(await assertion())).toBe("paula.pick@frischkorb.example");
  });

  it("missing header: nobody", async () => {
    expect(await email()).toBeNull();
  });

  it("expired: nobody", async () => {
    const past = Math.floor(Date.now() / 1000) - 120;
    expect(await email(await assertion({}, { expiresIn: past as unknown as string }))).toBeNull();
  });

  it("for another Access application (audience): nobody", async () => {
    const token = await new SignJWT({ email: "paula.pick@frischkorb.example" })
      .setProtectedHeader({ alg: "RS256", kid: "team-1" })
      .setIssuer(ISSUER)
      .setAudience("another-app")
      .setExpirationTime("10m")
      .sign(team.privateKey);
    expect(await email(token)).toBeNull();
  });

  it("from another issuer: nobody", async () => {
    const token = await new SignJWT({ email: "paula.pick@frischkorb.example" })
      .setProtectedHeader({ alg: "RS256", kid: "team-1" })
      .setIssuer("https://evil.cloudflareaccess.com")
      .setAudience(SETTINGS.audience)
      .setExpirationTime("10m")
      .sign(team.privateKey);
    expect(await email(token)).toBeNull();
  });

  it("signed with another key, under the team key's id or another: nobody", async () => {
    expect(await email(await assertion({}, { key: stranger.privateKey }))).toBeNull();
    expect(await email(await assertion({}, { key: stranger.privateKey, kid: "stranger" }))).toBeNull();
  });

  it("unsigned (alg none): nobody", async () => {
    const payload = { email: "paula.pick@frischkorb.example", iss: ISSUER, aud: SETTINGS.audience, exp: 9e9 };
    expect(await email(`${base64url({ alg: "none", typ: "JWT" })}.${base64url(payload)}.`)).toBeNull();
  });

  it("signed with HMAC using the public key as secret (algorithm confusion): nobody", async () => {
    const secret = new TextEncoder().encode(JSON.stringify(await exportJWK(team.publicKey)));
    const token = await new SignJWT({ email: "paula.pick@frischkorb.example" })
      .setProtectedHeader({ alg: "HS256", kid: "team-1" })
      .setIssuer(ISSUER)
      .setAudience(SETTINGS.audience)
      .setExpirationTime("10m")
      .sign(secret);
    expect(await email(token)).toBeNull();
  });

  it("without an e-mail address, or not a JWT at all: nobody", async () => {
    expect(await email(await assertion({ email: undefined }))).toBeNull();
    expect(await email(await assertion({ email: 42 }))).toBeNull();
    expect(await email("not-a-jwt")).toBeNull();
  });
});

describe("the team's key set cannot be had", () => {
  it("is the shop's trouble, not a refusal of the person: it throws", async () => {
    const unreachable = async () => {
      throw new errors.JWKSTimeout();
    };
    await expect(accessEmail(request(await assertion()), SETTINGS, unreachable)).rejects.toThrow();
  });
});

describe("the deployment's Access settings", () => {
  const env = (vars: Partial<Env>) => ({ ENVIRONMENT: "production", ...vars }) as Env;

  it("both set: the back office exists; neither: it does not, and that is no mistake", () => {
    expect(accessSettings(env({ ACCESS_TEAM_DOMAIN: SETTINGS.teamDomain, ACCESS_AUD: "x" }))).toEqual({
      teamDomain: SETTINGS.teamDomain,
      audience: "x",
    });
    expect(accessSettings(env({}))).toBeNull();
    expect(staffAccessProblems(env({}))).toEqual([]);
  });

  it("only one of them: a problem that keeps the deployment from serving", () => {
    expect(staffAccessProblems(env({ ACCESS_TEAM_DOMAIN: SETTINGS.teamDomain }))).toEqual([
      "ACCESS_AUD is not set (ACCESS_TEAM_DOMAIN is)",
    ]);
    expect(staffAccessProblems(env({ ACCESS_AUD: "x" }))).toEqual(["ACCESS_TEAM_DOMAIN is not set (ACCESS_AUD is)"]);
  });
});
