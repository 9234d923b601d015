import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clusterQueue, inChunks } from "~/components/map/scheduling";
import { MAP } from "~/domain/store/map";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("adding markers in chunks", () => {
  it("works 200 ms at a time and breathes 50 ms between chunks", () => {
    let clock = 0;
    const done: number[] = [];
    // Each marker costs 30 ms of the fake clock: 7 fit into one 200 ms chunk.
    const each = (n: number) => {
      done.push(n);
      clock += 30;
    };
    inChunks(
      Array.from({ length: 20 }, (_, i) => i),
      each,
      { interval: MAP.chunkInterval, delay: MAP.chunkDelay, now: () => clock },
    );
    expect(done).toHaveLength(7);
    vi.advanceTimersByTime(MAP.chunkDelay - 1);
    expect(done).toHaveLength(7);
    vi.advanceTimersByTime(1);
    expect(done).toHaveLength(14);
    vi.advanceTimersByTime(MAP.chunkDelay);
    expect(done).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it("says when the last chunk is done, and only then", () => {
    let clock = 0;
    let finished = 0;
    inChunks(
      [1, 2, 3, 4],
      () => {
        clock += 150;
      },
      { interval: 200, delay: 50, now: () => clock, done: () => finished++ },
    );
    expect(finished).toBe(0);
    vi.advanceTimersByTime(50);
    expect(finished).toBe(1);
    inChunks([], () => {}, { interval: 200, delay: 50, done: () => finished++ });
    expect(finished).toBe(2);
  });

  it("stops when cancelled", () => {
    let clock = 0;
    const done: number[] = [];
    const cancel = inChunks(
      [1, 2, 3, 4],
      (n) => {
        done.push(n);
        clock += 150;
      },
      { interval: 200, delay: 50, now: () => clock },
    );
    expect(done).toEqual([1, 2]);
    cancel();
    vi.advanceTimersByTime(1000);
    expect(done).toEqual([1, 2]);
  });
});

describe("the cluster queue", () => {
  it("runs the first request at once and the ones within 300 ms together, once, when the time is up", () => {
    const run = vi.fn();
    const queue = clusterQueue(run, MAP.clusterQueueTimeout);
    queue.push();
    expect(run).toHaveBeenCalledTimes(1);
    queue.push();
    queue.push();
    vi.advanceTimersByTime(299);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(2);
    queue.push();
    expect(run).toHaveBeenCalledTimes(3);
  });

  it("forgets waiting requests when cancelled", () => {
    const run = vi.fn();
    const queue = clusterQueue(run, 300);
    queue.push();
    queue.push();
    queue.cancel();
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
