import { describe, expect, it } from "vitest";
import { afterLoginPath, loginHref } from "~/platform/redirect";
import { isLoginRequired } from "~/domain/customer/login-required";
import { darkModeAtSignIn } from "~/domain/customer/dark-mode";
import { latestNotices, NOTICE_LIMIT, planIncoming, type NoticeView } from "~/domain/notification/notice";
import { PASSWORD_ITERATIONS, hashPassword, verifyPassword } from "~/platform/password.server";
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS, isSessionAlive } from "~/platform/session.server";

/** Workers refuse PBKDF2 above this count. */
const WORKERS_PBKDF2_MAX_ITERATIONS = 100_000;

describe("password hashing", () => {
  it("uses 100,000 PBKDF2 iterations and never more than Workers allow", () => {
    expect(PASSWORD_ITERATIONS).toBe(100_000);
    expect(PASSWORD_ITERATIONS).toBeLessThanOrEqual(WORKERS_PBKDF2_MAX_ITERATIONS);
  });

  it("stores scheme and count with a salted hash, and needs the pepper to verify", async () => {
    const stored = await hashPassword("abcd1234", "pepper-1");
    expect(stored).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await hashPassword("abcd1234", "pepper-1")).not.toBe(stored);
    expect(await verifyPassword("abcd1234", stored, "pepper-1")).toBe(true);
    expect(await verifyPassword("abcd1235", stored, "pepper-1")).toBe(false);
    expect(await verifyPassword("abcd1234", stored, "pepper-2")).toBe(false);
    expect(await verifyPassword("abcd1234", "md5$whatever", "pepper-1")).toBe(false);
  });
});

describe("session lifetime", () => {
  const now = 10_000_000;
  it("ends after the idle time and after the absolute lifetime", () => {
    expect(isSessionAlive({ created_at: now - 100, last_seen_at: now - SESSION_IDLE_SECONDS }, now)).toBe(true);
    expect(isSessionAlive({ created_at: now - 100, last_seen_at: now - SESSION_IDLE_SECONDS - 1 }, now)).toBe(false);
    expect(isSessionAlive({ created_at: now - SESSION_ABSOLUTE_SECONDS, last_seen_at: now }, now)).toBe(true);
    expect(isSessionAlive({ created_at: now - SESSION_ABSOLUTE_SECONDS - 1, last_seen_at: now }, now)).toBe(false);
  });
});

describe("where sign-in leads", () => {
  it("only to paths of this shop, never to a sign-in form", () => {
    expect(afterLoginPath("/account/address")).toBe("/account/address");
    expect(afterLoginPath("/catalog/product/120001?x=1")).toBe("/catalog/product/120001?x=1");
    for (const bad of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "/login",
      "/register",
      "/password/forgot",
      null,
      42,
    ]) {
      expect(afterLoginPath(bad), String(bad)).toBe("/");
    }
    expect(loginHref("/account?a=1")).toBe("/login?redirectTo=%2Faccount%3Fa%3D1");
  });

  it("knows every login-required route", () => {
    for (const p of [
      "/content/shares",
      "/cart",
      "/checkout",
      "/checkout/success",
      "/account",
      "/account/cards",
      "/account/cards/apply",
      "/account/address/new",
      "/account/balance",
      "/account/customer",
      "/account/shareholder",
      "/account/shareholder/listing",
      "/account/order/overview",
    ]) {
      expect(isLoginRequired(p), p).toBe(true);
    }
    for (const p of [
      "/",
      "/account/abocenter/marketing",
      "/content/map",
      "/content/markt/leipzig-gohlis",
      "/content/hilfe/abholung",
      "/content/sharesxyz",
      "/cartoon",
      "/accounting",
      "/login",
    ])
      expect(isLoginRequired(p), p).toBe(false);
  });
});

describe("dark mode at sign-in", () => {
  it("a dark browser switches the account on; otherwise the account wins", () => {
    expect(darkModeAtSignIn("1", "0")).toEqual({ value: "1", saveToAccount: true });
    expect(darkModeAtSignIn("1", "1")).toEqual({ value: "1", saveToAccount: false });
    expect(darkModeAtSignIn("0", "1")).toEqual({ value: "1", saveToAccount: false });
    expect(darkModeAtSignIn("0", "0")).toEqual({ value: "0", saveToAccount: false });
  });
});

describe("notifications", () => {
  const n = (id: string, text: string): NoticeView => ({ id, type: "info", text });
  it("shows the notices of the last action only and brings a repeated text back after the old one is gone", () => {
    const shown = [n("a", "Gespeichert."), n("b", "Gutscheincode ungültig.")];
    const plan = planIncoming(shown, [n("c", "Gespeichert."), n("d", "FRISCH5 wurde eingelöst.")], false);
    expect(plan.keep).toEqual([]);
    expect(plan.now.map((x) => x.id)).toEqual(["d"]);
    expect(plan.later.map((x) => x.id)).toEqual(["c"]);
  });

  it("keeps the toasts when nothing new comes on the same page, and clears them on another page", () => {
    const shown = [n("a", "Gespeichert.")];
    expect(planIncoming(shown, [], false)).toEqual({ keep: shown, now: [], later: [] });
    expect(planIncoming(shown, [], true)).toEqual({ keep: [], now: [], later: [] });
  });

  it("a notice waiting for the replace delay waits on through more loader data, and gives way to a newer action's", () => {
    const shown = [n("b", "FRISCH5 wurde eingelöst.")];
    const waiting = [n("c", "Gespeichert.")];
    expect(planIncoming(shown, [], false, waiting)).toEqual({ keep: shown, now: [], later: waiting });
    expect(planIncoming(shown, [], true, waiting).later).toEqual([]);
    expect(planIncoming(shown, [n("d", "Entfernt.")], false, waiting)).toEqual({
      keep: [],
      now: [n("d", "Entfernt.")],
      later: [],
    });
  });

  it("notices that came while another action was on its way stay beside that action's", () => {
    // "Entfernen" was answered while the "+" pressed before it was still on its way
    const removed = [n("r", "„Caffè Crema“ wurde aus dem Warenkorb entfernt.")];
    const plan = planIncoming(removed, [n("q", "Die Menge von „Apfelsaft“ wurde geändert.")], false, [], true);
    expect([...plan.keep, ...plan.now].map((x) => x.id)).toEqual(["r", "q"]);
    // the same text again is still announced anew, after the replace delay
    const again = planIncoming(removed, [n("r2", removed[0].text)], false, [], true);
    expect(again).toEqual({ keep: [], now: [], later: [n("r2", removed[0].text)] });
    // beside them, still at most three, the newest
    const three = ["a", "b", "c"].map((id) => n(id, `Text ${id}`));
    const more = planIncoming(three, [n("d", "Text d"), n("e", "Text e")], false, [], true);
    expect([...more.keep, ...more.now].map((x) => x.id)).toEqual(["c", "d", "e"]);
  });

  it("shows at most three, the newest", () => {
    const plan = planIncoming(
      [],
      ["1", "2", "3", "4", "5"].map((id) => n(id, `Text ${id}`)),
      false,
    );
    expect(plan.now.map((x) => x.id)).toEqual(["3", "4", "5"]);
    expect(NOTICE_LIMIT).toBe(3);
  });

  it("a later notice about the same thing replaces the earlier one", () => {
    const notices = [
      { key: "cart:couponInvalid", topic: "coupon" },
      { key: "cart:updated" },
      { key: "cart:couponApplied", topic: "coupon" },
    ];
    expect(latestNotices(notices, (x) => x.topic ?? x.key).map((x) => x.key)).toEqual([
      "cart:updated",
      "cart:couponApplied",
    ]);
  });
});
