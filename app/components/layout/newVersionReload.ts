import type { BlockerFunction } from "@remix-run/react";
import {
  isOutdated,
  LATEST_BUILD_PATH,
  mayReload,
  onlyHashChanges,
  POLL_INTERVAL_MS,
  pollDue,
  storedReloadTime,
} from "~/platform/new-version";

/*
 * The new-version watcher (docs/decisions/0025), loaded after hydration by NewVersionWatch.tsx.
 * It imports nothing from React or Remix, so it stays one small chunk of its own.
 */

/** When this tab last forced a reload: the reload guard survives the reload it guards. */
const RELOADED_AT = "frischkorb:reloaded-at";
let lastPoll: number | null = null;

/** Asks which build the server runs; `<html data-new-build>` says this tab runs an older one. */
async function checkBuild(): Promise<void> {
  lastPoll = Date.now();
  try {
    const res = await fetch(LATEST_BUILD_PATH, { cache: "no-store" });
    const outdated = res.ok ? isOutdated(window.__remixManifest.version, await res.text()) : null;
    if (outdated !== null) document.documentElement.toggleAttribute("data-new-build", outdated);
  } catch {
    // offline or cut off: no information
  }
}

/** True when the next page must be loaded in full and the reload guard allows it now (then noted). */
function claimReload(): boolean {
  if (!document.documentElement.hasAttribute("data-new-build")) return false;
  try {
    const now = Date.now();
    if (!mayReload(storedReloadTime(sessionStorage.getItem(RELOADED_AT)), now)) return false;
    sessionStorage.setItem(RELOADED_AT, String(now));
    return true;
  } catch {
    return false; // no storage, no guard: never risk a reload loop
  }
}

/**
 * The router's blocker: every client-side navigation (links, GET forms, programmatic ones, back
 * and forward) asks it. An outdated tab loads the next page in full instead.
 */
export const loadInFull: BlockerFunction = ({ currentLocation, nextLocation, historyAction }) => {
  if (onlyHashChanges(currentLocation, nextLocation) || !claimReload()) return false;
  const action: string = historyAction;
  // Back and forward have moved the address already: blocking would have to undo the move.
  if (action === "POP") {
    window.location.reload();
    return false;
  }
  const href = nextLocation.pathname + nextLocation.search + nextLocation.hash;
  if (action === "REPLACE") window.location.replace(href);
  else window.location.assign(href);
  return true;
};

/**
 * Asks every five minutes while the tab is visible and when it becomes visible again. A form
 * submitted in an outdated tab is left to the browser (its own submission with body and submit
 * button, as without JavaScript), so nothing typed is lost. Returns the way to stop.
 */
export function watch(): () => void {
  const poll = () => {
    if (pollDue(document.hidden, lastPoll, Date.now())) void checkBuild();
  };
  const submit = (event: Event) => {
    if (claimReload()) event.stopPropagation();
  };
  const timer = setInterval(poll, POLL_INTERVAL_MS);
  document.addEventListener("visibilitychange", poll);
  // Capturing on window comes before React's listeners on the document: Remix never sees the form.
  window.addEventListener("submit", submit, true);
  return () => {
    clearInterval(timer);
    document.removeEventListener("visibilitychange", poll);
    window.removeEventListener("submit", submit, true);
  };
}

/** The error page in an outdated tab gives way to the page of the new build, within the reload guard. */
export async function reloadIfOutdated(): Promise<void> {
  await checkBuild();
  if (claimReload()) window.location.reload();
}
