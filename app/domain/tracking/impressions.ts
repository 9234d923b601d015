/**
 * Product impressions (decision 0027): a tile counts when it becomes visible; impressions go out
 * in batches of 15, each with its position in the whole list, where a listing page holds 60
 * products (the catalogue's page size), so the 5th tile of page 2 is position 65.
 */
import { PAGE_SIZE } from "../catalog/page-size";
import type { TrackingEvent } from "./events";

export const IMPRESSION_BATCH_SIZE = 15;

export interface Impression {
  list: string;
  sku: string;
  name: string;
  position: number;
}

/** The 1-based position of the tile at `index` (0-based) on listing page `page` (1-based). */
export function listPosition(page: number, index: number): number {
  const p = Number.isInteger(page) && page >= 1 ? page : 1;
  return (p - 1) * PAGE_SIZE + index + 1;
}

export function impressionsEvent(batch: Impression[]): TrackingEvent {
  return {
    event: "view_item_list",
    ecommerce: {
      items: batch.map((i) => ({ item_id: i.sku, item_name: i.name, item_list_name: i.list, index: i.position })),
    },
  };
}

export interface ImpressionBatcher {
  /** A tile that became visible; each (list, position) counts once per page view. */
  see(impression: Impression): void;
  /** Sends what waits, e.g. when the page is left or hidden. */
  flush(): void;
  /** A new page view: sends what waits, then counts tiles afresh. */
  reset(): void;
}

export function impressionBatcher(
  send: (batch: Impression[]) => void,
  size = IMPRESSION_BATCH_SIZE,
): ImpressionBatcher {
  const seen = new Set<string>();
  let waiting: Impression[] = [];
  const flush = () => {
    if (waiting.length === 0) return;
    const batch = waiting;
    waiting = [];
    send(batch);
  };
  return {
    see(impression) {
      const key = `${impression.list}\u0000${impression.position}`;
      if (seen.has(key)) return;
      seen.add(key);
      waiting.push(impression);
      if (waiting.length >= size) flush();
    },
    flush,
    reset() {
      flush();
      seen.clear();
    },
  };
}
