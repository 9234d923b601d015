/**
 * The development stand-in of the tag manager (docs/decisions/0027): a container script that sends
 * nothing anywhere but records every data-layer entry with the shop itself, so tests and
 * developers see exactly what a real container would receive. Where stand-ins are not allowed,
 * its routes answer 404 (platform/route-data.server.ts requireStandIns).
 */
import { prepare, qb } from "./db.server";

export const STAND_IN_COLLECT = "/dev/tag-manager/collect";
const MAX_PAYLOAD = 8_000;

/**
 * The container script. Like a real one it reads what the page put into `dataLayer` before it
 * loaded, watches every later push, and sets an analytics cookie (`_ga`), which a withdrawal of
 * consent must remove again.
 */
export function standInScript(): string {
  return `(function () {
  var script = document.currentScript;
  var id = script ? new URL(script.src).searchParams.get("id") || "" : "";
  var layer = (window.dataLayer = window.dataLayer || []);
  function plain(entry) {
    return Object.prototype.toString.call(entry) === "[object Arguments]" ? Array.prototype.slice.call(entry) : entry;
  }
  function send(entry) {
    var body = new URLSearchParams({ container: id, page: location.pathname + location.search, payload: JSON.stringify(plain(entry)) });
    fetch(${JSON.stringify(STAND_IN_COLLECT)}, { method: "POST", body: body, keepalive: true, credentials: "same-origin" });
  }
  layer.forEach(send);
  var push = layer.push;
  layer.push = function () {
    for (var i = 0; i < arguments.length; i++) send(arguments[i]);
    return push.apply(layer, arguments);
  };
  if (!/(?:^|; )_ga=/.test(document.cookie))
    document.cookie = "_ga=GA1.1." + Math.floor(Math.random() * 1e9) + "." + Math.floor(Date.now() / 1000) + "; Max-Age=63072000; Path=/; SameSite=Lax";
})();
`;
}

export interface TagManagerHit {
  id: number;
  container_id: string;
  page: string;
  payload: string;
  received_at: string;
}

/** Records one entry; false for one that is not an entry at all (too big, not JSON). */
export async function recordHit(db: D1Database, containerId: string, page: string, payload: string): Promise<boolean> {
  if (payload.length > MAX_PAYLOAD || containerId.length > 40 || page.length > 2_000) return false;
  try {
    JSON.parse(payload);
  } catch {
    return false;
  }
  await prepare(
    db,
    qb
      .insertInto("tag_manager_hit")
      .values({ container_id: containerId, page, payload, received_at: new Date().toISOString() }),
  ).run();
  return true;
}

export async function latestHits(db: D1Database, limit = 100): Promise<TagManagerHit[]> {
  return (
    await prepare(
      db,
      qb
        .selectFrom("tag_manager_hit")
        .select(["id", "container_id", "page", "payload", "received_at"])
        .orderBy("id", "desc")
        .limit(limit),
    ).all<TagManagerHit>()
  ).results;
}
