/**
 * Who a member of staff is, in a deployment: Cloudflare Access signs the person it let through in
 * the `Cf-Access-Jwt-Assertion` header (RS256). The worker trusts nothing else: it verifies the
 * signature against the team's published keys, the audience tag of the shop's Access application,
 * the issuer and the expiry, and only then reads the e-mail address (docs/decisions/0039).
 *
 * Without both settings the back office does not exist in a deployment: safe by default, like the
 * other deployment settings (docs/decisions/0009-safe-by-default.md). Locally a development
 * stand-in sign-in takes its place.
 */
import { createRemoteJWKSet, errors, type JWTVerifyGetKey, jwtVerify } from "jose";
import type { Env } from "./context";

export const ACCESS_HEADER = "Cf-Access-Jwt-Assertion";

export interface AccessSettings {
  /** The team's domain, e.g. "frischkorb.cloudflareaccess.com": issuer and key set. */
  teamDomain: string;
  /** The Access application's audience tag. */
  audience: string;
}

/** The shop's Access settings, or null when the back office is not set up. */
export function accessSettings(env: Env): AccessSettings | null {
  const teamDomain = env.ACCESS_TEAM_DOMAIN?.trim();
  const audience = env.ACCESS_AUD?.trim();
  return teamDomain && audience ? { teamDomain, audience } : null;
}

/** A half-done setting is a mistake the deployment must be told about, not a quiet absence. */
export function staffAccessProblems(env: Env): string[] {
  const team = !!env.ACCESS_TEAM_DOMAIN?.trim();
  const audience = !!env.ACCESS_AUD?.trim();
  if (team === audience) return [];
  return [team ? "ACCESS_AUD is not set (ACCESS_TEAM_DOMAIN is)" : "ACCESS_TEAM_DOMAIN is not set (ACCESS_AUD is)"];
}

/** What jose throws for an assertion that is not good, as opposed to keys it could not fetch. */
const REFUSED_ASSERTION = [
  errors.JWTClaimValidationFailed,
  errors.JWTExpired,
  errors.JWTInvalid,
  errors.JWSInvalid,
  errors.JWSSignatureVerificationFailed,
  errors.JOSEAlgNotAllowed,
  errors.JOSENotSupported,
  errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys,
];

// One key set per team and isolate: jose caches the keys and fetches again on an unknown key id.
const keySets = new Map<string, JWTVerifyGetKey>();

function publishedKeys(teamDomain: string): JWTVerifyGetKey {
  let keys = keySets.get(teamDomain);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(`https://${teamDomain}/cdn-cgi/access/certs`));
    keySets.set(teamDomain, keys);
  }
  return keys;
}

/**
 * The e-mail address Access vouches for, lower-cased, or null for a request without a valid
 * assertion (none, unsigned, another key, another application, another issuer, expired). `keys`
 * is the team's published key set; tests give a local one.
 */
export async function accessEmail(
  request: Request,
  settings: AccessSettings,
  keys: JWTVerifyGetKey = publishedKeys(settings.teamDomain),
): Promise<string | null> {
  const token = request.headers.get(ACCESS_HEADER);
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, keys, {
      issuer: `https://${settings.teamDomain}`,
      audience: settings.audience,
      algorithms: ["RS256"],
      requiredClaims: ["exp", "email"],
    });
    return typeof payload.email === "string" && payload.email.includes("@") ? payload.email.toLowerCase() : null;
  } catch (error) {
    // A wrong or outdated assertion is the visitor's business; a key set that cannot be had is ours.
    if (REFUSED_ASSERTION.some((kind) => error instanceof kind)) return null;
    throw error;
  }
}
