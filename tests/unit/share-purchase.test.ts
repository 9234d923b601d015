/**
 * Buying shares (docs/decisions/0021): the purchase's state machine, the membership declaration's
 * schema and the profile check before a declaration. The oracles are simpler models written from
 * the decision, not the code again: the moves as a list of arrows, the "happy path" as a word the
 * applied events must spell, the age as the difference of yyyymmdd numbers.
 */
import { parseWithZod } from "@conform-to/zod";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  FINAL_STATES,
  MAX_DECLARATION_SHARES,
  PURCHASE_EVENTS,
  PURCHASE_STATES,
  frontendStatus,
  isOpenPurchase,
  nextPurchaseState,
  shareholderState,
  type PurchaseEvent,
  type PurchaseState,
} from "~/domain/share/purchase";
import { declarationSchema } from "~/domain/share/schema";
import { profileProblem } from "~/domain/share/declaration.server";
import shares from "../../locales/de/shares.json";
import common from "../../locales/de/common.json";

const RUNS = { numRuns: 10_000 };

/** The decision's arrows, one per line: from, event, to. Nothing else moves a purchase. */
const ARROWS: [PurchaseState, PurchaseEvent, PurchaseState][] = [
  ["awaiting_signature", "sign", "in_review"],
  ["awaiting_signature", "declineSignature", "declined"],
  ["awaiting_signature", "cancel", "cancelled"],
  ["in_review", "approve", "approved"],
  ["in_review", "refuse", "refused"],
  ["approved", "addToCart", "in_cart"],
  ["approved", "cancel", "cancelled"],
  ["in_cart", "order", "ordered"],
  ["in_cart", "cancel", "cancelled"],
  ["ordered", "pay", "paid"],
  ["ordered", "paymentFailed", "in_cart"],
];
const oracleNext = (state: PurchaseState, event: PurchaseEvent): PurchaseState | null =>
  ARROWS.find(([from, e]) => from === state && e === event)?.[2] ?? null;

/** What the purchase status call says for each state (spec 7), written out. */
const ORACLE_STATUS: Record<PurchaseState, { frontend: string; shareholder: string; open: boolean }> = {
  awaiting_signature: { frontend: "pending", shareholder: "open", open: true },
  in_review: { frontend: "pending", shareholder: "blocked", open: true },
  declined: { frontend: "none", shareholder: "open", open: false },
  approved: { frontend: "ok", shareholder: "open", open: true },
  in_cart: { frontend: "ok", shareholder: "open", open: true },
  ordered: { frontend: "ok", shareholder: "open", open: true },
  paid: { frontend: "ok", shareholder: "open", open: false },
  cancelled: { frontend: "none", shareholder: "open", open: false },
  refused: { frontend: "none", shareholder: "open", open: false },
};

const state = fc.constantFrom(...PURCHASE_STATES);
const event = fc.constantFrom(...PURCHASE_EVENTS);
/**
 * Event sequences that reach every state often: random events, and sequences built around the
 * way to payment with random events in between (a purely random walk rarely pays).
 */
const HAPPY: PurchaseEvent[] = ["sign", "approve", "addToCart", "order", "pay"];
const events = fc.oneof(
  fc.array(event, { maxLength: 40 }),
  fc
    .tuple(fc.array(fc.tuple(fc.nat({ max: 4 }), event), { maxLength: 8 }), fc.nat({ max: 3 }))
    .map(([noise, retries]) => {
      const out: PurchaseEvent[] = [...HAPPY.slice(0, 4)];
      for (let i = 0; i < retries; i++) out.push("paymentFailed", "order");
      out.push("pay");
      for (const [at, e] of noise) out.splice(at, 0, e);
      return out;
    }),
);

/** Runs the events from a new declaration; returns the states passed and the events that moved it. */
function run(sequence: PurchaseEvent[]) {
  let current: PurchaseState = "awaiting_signature";
  const states: PurchaseState[] = [current];
  const applied: PurchaseEvent[] = [];
  for (const e of sequence) {
    const next = nextPurchaseState(current, e);
    expect(next).toBe(oracleNext(current, e));
    if (next !== null) {
      applied.push(e);
      current = next;
    }
    states.push(current);
  }
  return { current, states, applied };
}

describe("the purchase state machine", () => {
  it("moves exactly along the decision's arrows, for every state and event", () => {
    for (const s of PURCHASE_STATES)
      for (const e of PURCHASE_EVENTS) expect(nextPurchaseState(s, e), `${s} --${e}-->`).toBe(oracleNext(s, e));
  });

  it("random event sequences: only listed moves change the state, and a final state never changes", () => {
    fc.assert(
      fc.property(state, events, (start, sequence) => {
        let current = start;
        for (const e of sequence) {
          const next = nextPurchaseState(current, e);
          expect(next).toBe(oracleNext(current, e));
          if (FINAL_STATES.includes(current)) expect(next).toBeNull();
          if (next !== null) {
            expect(next).not.toBe(current);
            current = next;
          }
        }
      }),
      RUNS,
    );
  });

  it("the status call agrees with the state: frontend_status, shareholder_state, open or finished", () => {
    expect(frontendStatus(null)).toBe("none");
    expect(shareholderState(null)).toBe("open");
    // every state, each once: the answers depend on the state alone, and every state is reachable (below)
    for (const s of PURCHASE_STATES) {
      expect(frontendStatus(s), s).toBe(ORACLE_STATUS[s].frontend);
      expect(shareholderState(s), s).toBe(ORACLE_STATUS[s].shareholder);
      expect(isOpenPurchase(s), s).toBe(ORACLE_STATUS[s].open);
      expect(FINAL_STATES.includes(s), s).toBe(!ORACLE_STATUS[s].open);
      // blocked exactly while the cooperative checks, and then the status is pending
      if (shareholderState(s) === "blocked") expect(frontendStatus(s), s).toBe("pending");
    }
  });

  it("reaches paid only through sign, approve, addToCart, order, pay (a failed payment puts it back to order again)", () => {
    let paid = 0;
    fc.assert(
      fc.property(events, (sequence) => {
        const { current, applied } = run(sequence);
        const word = applied.join(" ");
        if (current === "paid") {
          paid++;
          expect(word).toMatch(/^sign approve addToCart order( paymentFailed order)* pay$/);
        }
        // whatever happened, the moves so far are a prefix of one of the decision's ways
        expect(word).toMatch(
          /^(|sign( approve( addToCart( order( paymentFailed order)*( paymentFailed| pay)?)?)?)?|declineSignature|cancel|sign refuse|sign approve cancel|sign approve addToCart( order paymentFailed)* cancel)$/,
        );
      }),
      RUNS,
    );
    // the arbitrary does reach the end, so the property above was tested
    expect(paid).toBeGreaterThan(1000);
  });

  it("cancel is never possible while in review, once ordered or paid, nor after the end", () => {
    // every state, each once: whether it may be cancelled depends on the state alone
    for (const s of PURCHASE_STATES) {
      const cancelled = nextPurchaseState(s, "cancel");
      if (["in_review", "ordered", "paid", "declined", "cancelled", "refused"].includes(s))
        expect(cancelled, s).toBeNull();
      else expect(cancelled, s).toBe("cancelled");
    }
  });

  it("every state can be reached from a new declaration", () => {
    const reached = new Set<PurchaseState>(["awaiting_signature"]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const s of [...reached])
        for (const e of PURCHASE_EVENTS) {
          const next = nextPurchaseState(s, e);
          if (next && !reached.has(next)) {
            reached.add(next);
            grew = true;
          }
        }
    }
    expect([...reached].sort()).toEqual([...PURCHASE_STATES].sort());
  });
});

/** The declaration form as a browser sends it, parsed as the action and the browser do. */
function parseDeclaration(fields: Partial<Record<"quantity" | "addressId" | "statutes" | "privacy", string>>) {
  const form = new FormData();
  form.set("csrf", "token");
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.set(name, value);
  return parseWithZod(form, { schema: declarationSchema });
}

/** A locale key with an optional "|number" resolves to a German text (in its namespace). */
function germanText(key: string): string {
  const [path] = key.split("|");
  const [ns, rest] = path.includes(":") ? path.split(":") : ["common", path];
  let node: unknown = ns === "shares" ? shares : common;
  for (const part of rest.split(".")) node = (node as Record<string, unknown>)?.[part];
  if (typeof node !== "string") throw new Error(`no text for ${key}`);
  return node;
}

/** The messages per field of a refused submission (null when it passed). */
const errorsOf = (submission: ReturnType<typeof parseDeclaration>) =>
  submission.status === "success" ? null : (submission.error ?? null);

const VALID = { quantity: "3", addressId: "4242", statutes: "on", privacy: "on" };

describe("the declaration form", () => {
  it("takes exactly the whole numbers from 1 to 50 with an address id and both consents", () => {
    // every whole number from −200 to 300, each with a random address id (the ids' extremes among them)
    const addresses = fc.sample(fc.nat({ max: 99_999_999 }), { numRuns: 501, seed: 20261127 });
    for (let n = -200; n <= 300; n++) {
      const address = n === -200 ? 0 : n === 300 ? 99_999_999 : addresses[n + 200];
      const submission = parseDeclaration({ ...VALID, quantity: String(n), addressId: String(address) });
      expect(submission.status === "success", String(n)).toBe(n >= 1 && n <= MAX_DECLARATION_SHARES);
      if (submission.status === "success")
        expect(submission.value).toEqual({ quantity: n, addressId: String(address), statutes: "on", privacy: "on" });
      else
        expect(submission.error).toEqual({
          quantity: [n < 1 ? "shares:declaration.atLeastOne" : `shares:declaration.atMost|${MAX_DECLARATION_SHARES}`],
        });
    }
  });

  it("refuses what is no whole number with the whole-number key at the quantity", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom("abc", "1.5", "2,5", "NaN", "--1", "drei", "5 Stück", "-0.5", "50.5"),
          fc.double({ min: -100, max: 100, noInteger: true, noNaN: true }).map(String),
        ),
        (value) => {
          const submission = parseDeclaration({ ...VALID, quantity: value });
          expect(submission.status).toBe("error");
          const [first, ...more] = errorsOf(submission)?.quantity ?? [];
          expect(first).toBe("shares:declaration.wholeNumber");
          // a fraction outside the range also names the range
          const n = Number(value);
          const range = n < 1 ? "shares:declaration.atLeastOne" : n > 50 ? "shares:declaration.atMost|50" : null;
          expect(more).toEqual(range && Number.isFinite(n) ? [range] : []);
          expect(Object.keys(errorsOf(submission) ?? {})).toEqual(["quantity"]);
        },
      ),
      RUNS,
    );
  });

  it("each missing or wrong field gives its own key, and only its own (all 1,512 combinations)", () => {
    const quantity = [
      ["3", null],
      ["50", null],
      ["", "validation.required"],
      [undefined, "validation.required"],
      ["0", "shares:declaration.atLeastOne"],
      ["51", `shares:declaration.atMost|${MAX_DECLARATION_SHARES}`],
      ["x", "shares:declaration.wholeNumber"],
    ] as const;
    const addressId = [
      ["17", null],
      ["", "shares:declaration.addressRequired"],
      [undefined, "shares:declaration.addressRequired"],
      ["abc", "shares:declaration.addressRequired"],
      ["-1", "shares:declaration.addressRequired"],
      ["1".repeat(21), "shares:declaration.addressRequired"],
    ] as const;
    const consent = (key: string) =>
      [
        ["on", null],
        [undefined, key],
        ["", key],
        ["off", key],
        ["true", key],
        ["ON", key],
      ] as const;
    // every combination once: 7 × 6 × 6 × 6, fewer parses than random sampling and none missed
    let checked = 0;
    for (const [q, qKey] of quantity)
      for (const [a, aKey] of addressId)
        for (const [s, sKey] of consent("shares:declaration.statutesRequired"))
          for (const [p, pKey] of consent("shares:declaration.privacyRequired")) {
            const submission = parseDeclaration({ quantity: q, addressId: a, statutes: s, privacy: p });
            const expected = Object.fromEntries(
              (
                [
                  ["quantity", qKey],
                  ["addressId", aKey],
                  ["statutes", sKey],
                  ["privacy", pKey],
                ] as const
              )
                .filter(([, key]) => key !== null)
                .map(([field, key]) => [field, [key]]),
            );
            const combination = JSON.stringify({ q, a, s, p });
            if (Object.keys(expected).length === 0) expect(submission.status, combination).toBe("success");
            else {
              expect(submission.status, combination).toBe("error");
              expect(errorsOf(submission), combination).toEqual(expected);
            }
            checked++;
          }
    expect(checked).toBe(1_512);
  });

  it("every message key has a German text", () => {
    for (const key of [
      "validation.required",
      "shares:declaration.atLeastOne",
      "shares:declaration.atMost|50",
      "shares:declaration.wholeNumber",
      "shares:declaration.addressRequired",
      "shares:declaration.statutesRequired",
      "shares:declaration.privacyRequired",
      "shares:declaration.needsDob",
      "shares:declaration.tooYoung",
      "shares:declaration.needsAddress",
      "shares:declaration.alreadyOpen",
      "shares:declaration.failed",
    ])
      expect(germanText(key), key).toMatch(/[a-zäöüß]{3}/i);
    expect(germanText("shares:declaration.atMost")).toContain("{{count}}");
  });
});

const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const DAY = 86_400_000;
/** Full years from dob to today, as the difference of yyyymmdd numbers (the oracle). */
const oracleAge = (dob: string, today: string) =>
  Math.floor((Number(today.replaceAll("-", "")) - Number(dob.replaceAll("-", ""))) / 10_000);

describe("the profile check before a declaration", () => {
  it("wants a date of birth first, then 18 years, then an address", () => {
    const today = "2026-11-24";
    expect(profileProblem(null, 2, today)).toBe("needsDob");
    expect(profileProblem("", 0, today)).toBe("needsDob");
    expect(profileProblem("2008-11-25", 1, today)).toBe("tooYoung");
    expect(profileProblem("2008-11-24", 1, today)).toBeNull();
    expect(profileProblem("2008-11-24", 0, today)).toBe("needsAddress");
    expect(profileProblem("2010-01-01", 0, today)).toBe("tooYoung");
    // born on 29 February: 18 on 1 March in a year without one
    expect(profileProblem("2008-02-29", 1, "2026-02-28")).toBe("tooYoung");
    expect(profileProblem("2008-02-29", 1, "2026-03-01")).toBeNull();
  });

  it("agrees with the oracle for any birthday, day and number of addresses", () => {
    const start = Date.UTC(1900, 0, 1);
    const end = Date.UTC(2100, 11, 31);
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: start, max: end }), { nil: null }),
        fc.integer({ min: start, max: end }),
        fc.nat({ max: 5 }),
        (dobAt, todayAt, addresses) => {
          const dob = dobAt === null ? null : isoDay(dobAt);
          const today = isoDay(todayAt);
          const expected =
            dob === null
              ? "needsDob"
              : oracleAge(dob, today) < 18
                ? "tooYoung"
                : addresses === 0
                  ? "needsAddress"
                  : null;
          expect(profileProblem(dob, addresses, today)).toBe(expected);
        },
      ),
      RUNS,
    );
  });

  it("the 18th birthday is the first day that is allowed", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1950, 0, 1), max: Date.UTC(2090, 0, 1) }), (at) => {
        const dob = isoDay(at);
        const [y, m, d] = dob.split("-");
        if (`${m}-${d}` === "02-29") return;
        const birthday = `${Number(y) + 18}-${m}-${d}`;
        const before = isoDay(Date.parse(`${birthday}T00:00:00Z`) - DAY);
        expect(profileProblem(dob, 1, birthday)).toBeNull();
        expect(profileProblem(dob, 1, before)).toBe("tooYoung");
      }),
      RUNS,
    );
  });
});
