/**
 * The tag manager (docs/decisions/0027-consent-and-tracking.md): loaded by its container id, only
 * on the production host and only after the visitor allowed statistics.
 *
 * Configuration (`wrangler.toml` vars):
 * - `TAG_MANAGER_CONTAINER_ID`, e.g. "GTM-ABC1234"; unset means no tag manager at all;
 * - `TAG_MANAGER_HOST`, the one host it runs on, e.g. "www.frischkorb.example" (previews,
 *   workers.dev addresses and staging never send anything);
 * - `TAG_MANAGER_SCRIPT_URL`, the container script, by default Google's;
 * - `TAG_MANAGER_ORIGINS`, further origins its tags send to (space-separated), which the
 *   page's CSP then allows for connections and images.
 *
 * Locally, with development stand-ins allowed, the script may be the recording stand-in at
 * `STAND_IN_SCRIPT` (route dev.tag-manager.gtm[.]js.tsx), which sends nothing anywhere.
 */
import { readConsent, type Consent } from "./consent";
import type { Env } from "./context";

export const DEFAULT_SCRIPT_URL = "https://www.googletagmanager.com/gtm.js";
export const STAND_IN_SCRIPT = "/dev/tag-manager/gtm.js";
const CONTAINER_ID = /^GTM-[A-Z0-9]{4,12}$/;

export interface TagManager {
  containerId: string;
  /** The container script with its id. */
  scriptUrl: string;
  /** Origins the CSP must allow: the script's and those its tags talk to. */
  origins: string[];
}

function scriptBase(env: Env): string {
  return env.TAG_MANAGER_SCRIPT_URL || DEFAULT_SCRIPT_URL;
}

/** The tag manager for this request, or null: no container, another host, or no statistics consent. */
export function tagManagerFor(env: Env, url: URL, consent: Consent | null): TagManager | null {
  const containerId = env.TAG_MANAGER_CONTAINER_ID;
  if (!containerId || !CONTAINER_ID.test(containerId) || !consent?.statistics) return null;
  // The host as configured, with its port if one is named (a local run's ports change).
  const host = env.TAG_MANAGER_HOST;
  if (!host || (host.includes(":") ? url.host : url.hostname) !== host) return null;
  const base = scriptBase(env);
  // The stand-in is the shop's own page; a deployment cannot reach it (it answers 404 there).
  if (base === STAND_IN_SCRIPT && !env.standIns) return null;
  const script = new URL(base, url.origin);
  script.searchParams.set("id", containerId);
  const origins = new Set([script.origin, ...(env.TAG_MANAGER_ORIGINS ?? "").split(/\s+/).filter(Boolean)]);
  origins.delete(url.origin);
  return {
    containerId,
    scriptUrl: script.origin === url.origin ? script.pathname + script.search : script.href,
    origins: [...origins],
  };
}

/** Why the tag manager's settings are unusable in a deployment; empty when unset or usable. */
export function tagManagerProblems(env: Env): string[] {
  const containerId = env.TAG_MANAGER_CONTAINER_ID;
  if (!containerId) return [];
  const problems: string[] = [];
  if (!CONTAINER_ID.test(containerId)) problems.push("TAG_MANAGER_CONTAINER_ID is not a container id like GTM-ABC1234");
  if (!env.TAG_MANAGER_HOST || /[/:]/.test(env.TAG_MANAGER_HOST))
    problems.push("TAG_MANAGER_HOST is not a host name (the production host the tag manager runs on)");
  if (!scriptBase(env).startsWith("https://")) problems.push("TAG_MANAGER_SCRIPT_URL is not an https:// URL");
  for (const origin of (env.TAG_MANAGER_ORIGINS ?? "").split(/\s+/).filter(Boolean))
    if (!/^https:\/\/[a-z0-9.*-]+$/i.test(origin))
      problems.push("TAG_MANAGER_ORIGINS holds something that is not an https origin");
  return problems;
}

/** Whether this request's pages carry the tag manager, so its events are worth building. */
export function tracksRequest(env: Env, request: Request): boolean {
  return tagManagerFor(env, new URL(request.url), readConsent(request.headers.get("Cookie"))) !== null;
}
