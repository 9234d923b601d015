/**
 * The configured signing service (docs/decisions/0009, 0021): the service's API when
 * `SIGNING_PROVIDER=api`; otherwise the signing sandbox, which exists only where development
 * stand-ins are allowed.
 */
import type { Env } from "./context";
import development from "./development-secrets.json";
import { SIGNING_API_SECRETS, apiSigningProvider } from "./signing-api.server";
import { sandboxSigningProvider } from "./signing-sandbox.server";
import type { SigningProvider } from "./signing-provider";

export function signingProvider(env: Env): SigningProvider {
  if (env.SIGNING_PROVIDER === "api" && env.SIGNING_API_URL && env.SIGNING_API_KEY && env.SIGNING_WEBHOOK_SECRET)
    return apiSigningProvider(env.SIGNING_API_URL, env.SIGNING_API_KEY, env.SIGNING_WEBHOOK_SECRET);
  if (env.standIns) return sandboxSigningProvider(env);
  throw new Error("No signing service is configured (SIGNING_PROVIDER, SIGNING_API_URL, SIGNING_API_KEY)");
}

/** Why the signing service cannot run in a deployment; empty when it can. */
export function signingProblems(env: Env): string[] {
  if (env.SIGNING_PROVIDER !== "api")
    return [`SIGNING_PROVIDER is "${env.SIGNING_PROVIDER ?? ""}" (a deployment needs "api")`];
  const problems: string[] = [];
  if (!env.SIGNING_API_URL?.startsWith("https://")) problems.push("SIGNING_API_URL is not an https:// address");
  for (const name of SIGNING_API_SECRETS) if (!env[name]) problems.push(`${name} is not set`);
  // The published development value would let anyone sign a confirmation the shop accepts.
  if (env.SIGNING_WEBHOOK_SECRET === development.SIGNING_WEBHOOK_SECRET)
    problems.push("SIGNING_WEBHOOK_SECRET is a development value");
  return problems;
}
