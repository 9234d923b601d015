/**
 * Where the shop runs decides what it may use (docs/decisions/0009-safe-by-default.md).
 *
 * Development stand-ins (the committed development secrets, the sandbox payment provider, the
 * development mailbox, the error and test routes) exist only for a shop that is explicitly in
 * development or test AND is reached on a local address. Everything else is a deployment: it must
 * say `ENVIRONMENT=production`, bring its own secrets and use real providers, or it refuses to
 * serve. So a forgotten setting can only make the shop refuse, never make it unsafe.
 */
import type { Env } from "./context";
import development from "./development-secrets.json";
import { mailProblems } from "./mail-transport.server";
import { paymentProblems } from "./payment.server";
import { cardProviderProblems } from "./card-provider.server";
import { signingProblems } from "./signing.server";
import { tileProblems } from "./map-tiles.server";
import { tagManagerProblems } from "./tag-manager.server";
import { staffAccessProblems } from "./staff-access.server";
import { locationsProblems } from "./locations-service.server";
import { unavailablePage } from "./unavailable-page.server";
import common from "../../locales/de/common.json";

/**
 * Loopback addresses, and the names reserved for local use and testing (RFC 2606/6761): no
 * deployed worker can be reached under any of them.
 */
const LOCAL_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$|\.(?:localhost|test)$/i;

export function isLocalHost(hostname: string): boolean {
  return LOCAL_HOST.test(hostname);
}

/**
 * Where the development stand-ins' pages live (routes `dev.*`, `payment.sandbox.*`,
 * `signing.sandbox.*`). In a deployment these paths do not exist, whatever the method.
 */
const STAND_IN_PATHS = /^\/(?:dev|payment\/sandbox|signing\/sandbox)(?:\/|$)/;

export function isStandInPath(pathname: string): boolean {
  return STAND_IN_PATHS.test(pathname);
}

/** The worker's bindings with the decision whether stand-ins are allowed for this request. */
export function deploymentEnv(env: Env, url: URL | null): Env {
  const explicitlyLocal = env.ENVIRONMENT === "development" || env.ENVIRONMENT === "test";
  // A scheduled run has no address; it follows ENVIRONMENT alone (its stand-ins send nothing).
  return { ...env, standIns: explicitlyLocal && (url === null || isLocalHost(url.hostname)) };
}

/** The secrets every deployment needs, whatever its providers. */
const SHOP_SECRETS = ["SESSION_SECRET", "PASSWORD_PEPPER", "CSRF_SECRET", "UNSUBSCRIBE_SECRET"] as const;

/** At least 32 characters, and never one of the development values published in the repository. */
function secretProblem(env: Env, name: keyof Env & string): string | null {
  const value = env[name];
  if (typeof value !== "string" || value === "") return `${name} is not set`;
  if (value.length < 32) return `${name} is shorter than 32 characters`;
  if ((Object.values(development) as string[]).includes(value)) return `${name} is a development value`;
  return null;
}

/** Why this shop must not serve; empty when it may. Names only, never values. */
export function configurationProblems(env: Env): string[] {
  if (env.standIns) return [];
  const problems: string[] = [];
  if (env.ENVIRONMENT !== "production")
    problems.push(`ENVIRONMENT is "${env.ENVIRONMENT}" on a deployed host (only "production" may be deployed)`);
  for (const name of SHOP_SECRETS) {
    const problem = secretProblem(env, name);
    if (problem) problems.push(problem);
  }
  return [
    ...problems,
    ...paymentProblems(env),
    ...mailProblems(env),
    ...cardProviderProblems(env),
    ...signingProblems(env),
    ...tileProblems(env),
    ...tagManagerProblems(env),
    ...staffAccessProblems(env),
    ...locationsProblems(env),
  ];
}

/**
 * The answer of a shop that must not serve: a plain German page, no stand-in, no detail (the
 * reasons go to the log). Static text only, so it needs nothing that could be misconfigured.
 */
export function refusal(): Response {
  return unavailablePage(common.pages.unavailable, 300);
}
