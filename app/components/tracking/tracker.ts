/**
 * The tracker (docs/decisions/0027): loaded only in a browser whose visitor allowed statistics,
 * it writes the spec's events into the tag manager's data layer. The first page view came with
 * the page (domain/tracking/bootstrap.ts); this adds the page views of later navigations, the
 * events the pages and actions hand over (each once, by its id; a purchase once per order even
 * after a reload), product impressions in batches of 15 (positions counted from the page in the
 * address, so tiles appended in place continue it), and the logout.
 */
import { logoutEvent, pageViewEvent, type TrackingEvent } from "~/domain/tracking/events";
import { impressionBatcher, impressionsEvent, listPosition } from "~/domain/tracking/impressions";
import { pageContext } from "~/domain/tracking/page-context";

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export interface PageState {
  key: string;
  pathname: string;
  search: string;
  group: string | null;
  events: TrackingEvent[];
}

const PURCHASES_KEY = "frischkorb.trackedPurchases";
const sent = new Set<string>();
let viewKey: string | null = null;
let observer: IntersectionObserver | null = null;
let grids: MutationObserver | null = null;

function push(entry: TrackingEvent) {
  window.dataLayer ??= [];
  const { id: _id, ...data } = entry;
  // The previous event's e-commerce data must not merge into this one's.
  if ("ecommerce" in data) window.dataLayer.push({ ecommerce: null });
  window.dataLayer.push(data);
}

const batcher = impressionBatcher((batch) => push(impressionsEvent(batch)));

function trackedPurchases(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(PURCHASES_KEY) ?? "[]");
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

/** Whether the event goes out now: never twice on this page, a purchase never twice in this browser. */
function firstTime(event: TrackingEvent): boolean {
  if (!event.id) return true;
  if (sent.has(event.id)) return false;
  sent.add(event.id);
  if (event.event !== "purchase") return true;
  const done = trackedPurchases();
  if (done.includes(event.id)) return false;
  try {
    localStorage.setItem(PURCHASES_KEY, JSON.stringify([...done, event.id].slice(-50)));
  } catch {
    // Storage full or refused: the purchase still goes out this once.
  }
  return true;
}

/** The product tiles of the page's lists, each seen once it is half visible. */
function observeTiles(search: string) {
  observer?.disconnect();
  if (!("IntersectionObserver" in window)) return;
  const page = Number(new URLSearchParams(search).get("page") ?? "1");
  observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer?.unobserve(entry.target);
        const tile = entry.target as HTMLElement;
        const grid = tile.parentElement;
        const link = tile.querySelector<HTMLAnchorElement>("a.tile-link");
        if (!grid || !link) continue;
        batcher.see({
          list: grid.getAttribute("aria-label") ?? pageContext(location.pathname, location.search),
          sku: decodeURIComponent(link.pathname.split("/").pop() ?? ""),
          name: tile.querySelector(".tile-name")?.textContent ?? "",
          position: listPosition(page, Array.prototype.indexOf.call(grid.children, tile)),
        });
      }
    },
    { threshold: 0.5 },
  );
  grids?.disconnect();
  // "Mehr Produkte anzeigen" appends the next page's tiles to the same list: they count too.
  grids = new MutationObserver((changes) => {
    for (const change of changes)
      for (const tile of change.addedNodes) if (tile instanceof HTMLLIElement) observer?.observe(tile);
  });
  for (const grid of document.querySelectorAll("ul.product-grid")) {
    grids.observe(grid, { childList: true });
    for (const tile of grid.children) observer.observe(tile);
  }
}

let started = false;
function start() {
  started = true;
  // What waits goes out before the page is left or hidden, so no impression is lost.
  addEventListener("pagehide", () => batcher.flush());
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") batcher.flush();
  });
  addEventListener("shop:logout", () => push(logoutEvent()));
}

export function track(state: PageState) {
  if (!started) start();
  if (state.key !== viewKey) {
    const first = viewKey === null;
    viewKey = state.key;
    batcher.reset();
    // The document's own page view came with it; every later navigation counts here.
    if (!first)
      push(pageViewEvent(pageContext(state.pathname, state.search), state.pathname + state.search, state.group));
    requestAnimationFrame(() => observeTiles(state.search));
  }
  for (const event of state.events) if (firstTime(event)) push(event);
}
