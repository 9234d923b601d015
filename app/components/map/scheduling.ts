/**
 * Timing of the store map's marker work (docs/decisions/0022-store-map.md), so that a slow phone
 * keeps responding while the markers appear.
 */

/**
 * Runs `each` over the items for at most `interval` ms at a time, then waits `delay` ms before the
 * next chunk, and calls `done` once every item ran. Returns a function that stops the rest.
 */
export function inChunks<T>(
  items: readonly T[],
  each: (item: T) => void,
  {
    interval,
    delay,
    now = () => performance.now(),
    done,
  }: { interval: number; delay: number; now?: () => number; done?: () => void },
): () => void {
  let next = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const chunk = () => {
    const started = now();
    while (next < items.length) {
      each(items[next++]);
      if (now() - started >= interval) break;
    }
    if (next < items.length) timer = setTimeout(chunk, delay);
    else done?.();
  };
  chunk();
  return () => clearTimeout(timer);
}

/**
 * A queue for re-clustering: the first request runs at once, requests that come within `timeout`
 * ms after it run together once when the time is up.
 */
export function clusterQueue(run: () => void, timeout: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waiting = false;
  const settle = () => {
    timer = undefined;
    if (waiting) {
      waiting = false;
      run();
      timer = setTimeout(settle, timeout);
    }
  };
  return {
    push() {
      if (timer) {
        waiting = true;
        return;
      }
      run();
      timer = setTimeout(settle, timeout);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      waiting = false;
    },
  };
}
