/**
 * The configured card provider (docs/decisions/0009, 0019): the provider's API when
 * `CARD_PROVIDER=api`; otherwise the embedded stand-in, which exists only where development
 * stand-ins are allowed.
 */
import type { Env } from "./context";
import { CARD_API_SECRETS, apiCardProvider } from "./card-provider-api.server";
import { embeddedCardProvider } from "./card-provider-embedded.server";
import type { CardProvider } from "./card-provider";

export function cardProvider(env: Env): CardProvider {
  if (env.CARD_PROVIDER === "api" && env.CARD_API_URL && env.CARD_API_KEY)
    return apiCardProvider(env.CARD_API_URL, env.CARD_API_KEY);
  if (env.standIns) return embeddedCardProvider;
  throw new Error("No card provider is configured (CARD_PROVIDER, CARD_API_URL, CARD_API_KEY)");
}

/** Why the card provider cannot run in a deployment; empty when it can. */
export function cardProviderProblems(env: Env): string[] {
  if (env.CARD_PROVIDER !== "api") return [`CARD_PROVIDER is "${env.CARD_PROVIDER ?? ""}" (a deployment needs "api")`];
  const problems: string[] = [];
  if (!env.CARD_API_URL?.startsWith("https://")) problems.push("CARD_API_URL is not an https:// address");
  for (const name of CARD_API_SECRETS) if (!env[name]) problems.push(`${name} is not set`);
  return problems;
}
