/**
 * New builds reach open tabs (docs/decisions/0025): the server names its build at
 * `/builds/latest`; a browser running another build makes its next navigation a full page load,
 * at most once in 10 s. Pure: the route answers with it, the browser decides with it.
 */

export const LATEST_BUILD_PATH = "/builds/latest";

/** What `/builds/latest` answers: the Remix build's assets version, as in `__remixManifest.version`. */
export interface LatestBuild {
  version: string;
}

/** A visible tab asks this often: a deployment reaches every open tab within five minutes. */
export const POLL_INTERVAL_MS = 5 * 60_000;

/** Coming back to the tab asks at once, unless the last question is younger than this. */
export const MIN_POLL_GAP_MS = 30_000;

/** The reload guard: never more than one forced reload in this time. */
export const RELOAD_GUARD_MS = 10_000;

/**
 * Whether the server's answer says the running build is outdated: true or false, or null when
 * the answer says nothing (not JSON, no version): then the tab keeps what it knew.
 */
export function isOutdated(running: string, body: string): boolean | null {
  let version: unknown;
  try {
    version = (JSON.parse(body) as Partial<LatestBuild> | null)?.version;
  } catch {
    return null;
  }
  return typeof version === "string" && version !== "" ? version !== running : null;
}

/** Whether to ask the server now: never from a hidden tab, and not again within the gap. */
export function pollDue(hidden: boolean, lastPoll: number | null, now: number): boolean {
  return !hidden && (lastPoll === null || now - lastPoll >= MIN_POLL_GAP_MS || now < lastPoll);
}

/** The time of the last forced reload as the tab stored it; anything unreadable is none. */
export function storedReloadTime(stored: string | null): number | null {
  return stored !== null && /^\d{1,15}$/.test(stored) ? Number(stored) : null;
}

/**
 * The reload guard: a forced reload is allowed when none happened in the last 10 s (exactly 10 s
 * later it is allowed again). A stored time in the future (the clock was set back) does not block.
 */
export function mayReload(lastReload: number | null, now: number): boolean {
  return lastReload === null || now - lastReload >= RELOAD_GUARD_MS || now < lastReload;
}

interface Place {
  pathname: string;
  search: string;
  hash: string;
}

/** A jump to an anchor of the same page is no navigation to reload for. */
export function onlyHashChanges(current: Place, next: Place): boolean {
  return next.hash !== "" && next.pathname === current.pathname && next.search === current.search;
}
