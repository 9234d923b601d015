import { describe, expect, it } from "vitest";
import {
  isOutdated,
  MIN_POLL_GAP_MS,
  mayReload,
  onlyHashChanges,
  POLL_INTERVAL_MS,
  pollDue,
  RELOAD_GUARD_MS,
  storedReloadTime,
} from "~/platform/new-version";

// docs/decisions/0025: the numbers come from the decision, not from the code.
const T = Date.UTC(2026, 2, 1, 9, 0, 0);

describe("the reload guard", () => {
  it("is 10 seconds and the poll interval five minutes", () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(POLL_INTERVAL_MS).toBe(300_000);
    expect(MIN_POLL_GAP_MS).toBeLessThan(POLL_INTERVAL_MS);
  });

  it("allows the first forced reload of a tab", () => {
    expect(mayReload(null, T)).toBe(true);
  });

  it("refuses a second one within 10 s and allows it exactly 10 s later", () => {
    expect(mayReload(T, T)).toBe(false);
    expect(mayReload(T, T + 1)).toBe(false);
    expect(mayReload(T, T + 9_999)).toBe(false);
    expect(mayReload(T, T + 10_000)).toBe(true);
    expect(mayReload(T, T + 60_000)).toBe(true);
  });

  it("is not held up by a time in the future (the clock was set back)", () => {
    expect(mayReload(T + 3_600_000, T)).toBe(true);
  });

  it("reads the stored time, and anything unreadable as no reload", () => {
    expect(storedReloadTime(String(T))).toBe(T);
    for (const junk of [null, "", "abc", "NaN", "Infinity", "1e999"]) expect(storedReloadTime(junk), junk!).toBeNull();
    expect(mayReload(storedReloadTime("garbage"), T)).toBe(true);
  });
});

describe("is the running build outdated", () => {
  it("no when the server names the same build, yes when another", () => {
    expect(isOutdated("424ab2c5", '{"version":"424ab2c5"}')).toBe(false);
    expect(isOutdated("424ab2c5", '{"version":"9f00e1aa"}')).toBe(true);
    expect(isOutdated("424ab2c5", '{"version":"9f00e1aa","extra":1}')).toBe(true);
  });

  it("a malformed answer is no information", () => {
    for (const body of [
      "",
      "<!DOCTYPE html><title>Frischkorb ist gerade nicht erreichbar</title>",
      "{",
      "null",
      "42",
      '"424ab2c5"',
      "[]",
      "{}",
      '{"version":""}',
      '{"version":42}',
      '{"version":null}',
      '{"Version":"9f00e1aa"}',
      '{"version":["9f00e1aa"]}',
    ]) {
      expect(isOutdated("424ab2c5", body), body).toBeNull();
    }
  });
});

describe("when to ask the server", () => {
  it("never from a hidden tab", () => {
    expect(pollDue(true, null, T)).toBe(false);
    expect(pollDue(true, T - POLL_INTERVAL_MS, T)).toBe(false);
  });

  it("at once when the tab has not asked yet, then not again within the gap", () => {
    expect(pollDue(false, null, T)).toBe(true);
    expect(pollDue(false, T, T + MIN_POLL_GAP_MS - 1)).toBe(false);
    expect(pollDue(false, T, T + MIN_POLL_GAP_MS)).toBe(true);
    expect(pollDue(false, T, T + POLL_INTERVAL_MS)).toBe(true);
  });

  it("is not held up by a last question in the future", () => {
    expect(pollDue(false, T + 60_000, T)).toBe(true);
  });
});

describe("a jump within the page", () => {
  const here = { pathname: "/catalog/category/milch", search: "?sort=price", hash: "" };

  it("is no navigation to reload for", () => {
    expect(onlyHashChanges(here, { ...here, hash: "#main" })).toBe(true);
  });

  it("but another path, another query or leaving the anchor is", () => {
    expect(onlyHashChanges(here, { ...here, pathname: "/catalog/category/kaese", hash: "#main" })).toBe(false);
    expect(onlyHashChanges(here, { ...here, search: "?sort=name", hash: "#main" })).toBe(false);
    expect(onlyHashChanges({ ...here, hash: "#main" }, here)).toBe(false);
    expect(onlyHashChanges(here, here)).toBe(false);
  });
});
