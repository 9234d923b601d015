/**
 * The shareholder rules (docs/decisions/0020): the cashback rate and amount, the counts derived
 * from the ledger, the sell form's limits and the dates of a cancellation. The oracles are simpler
 * models: the rate as min(19 + n, 40), the amount in BigInt, Berlin dates from another formatter.
 */
import { parseWithZod } from "@conform-to/zod";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sellSchema } from "~/domain/share/schema";
import {
  SHARE_PRICE_CENTS,
  cancellationDates,
  cashbackCents,
  cashbackPermille,
  formatPermille,
  sellableShares,
  shareCounts,
  type ShareEntry,
} from "~/domain/share/share";

const RUNS = { numRuns: 10_000 };

/** The membership page's rule, written the other way: 1.9 % + 0.1 % per share, capped at 4 %. */
const oracleRate = (shares: number) => (shares <= 0 ? 0 : Math.min(19 + shares, 40));
const oracleCents = (permille: number, subtotal: number, sharesInCart: number) => {
  const base = BigInt(Math.max(0, subtotal - Math.max(0, sharesInCart)));
  return Number((base * BigInt(permille) + 500n) / 1000n);
};

describe("cashback", () => {
  it("the rate follows the membership page, with the step to 4 % at 21 shares", () => {
    expect(cashbackPermille(0)).toBe(0);
    expect(cashbackPermille(1)).toBe(20);
    expect(cashbackPermille(5)).toBe(24);
    expect(cashbackPermille(10)).toBe(29);
    expect(cashbackPermille(20)).toBe(39);
    expect(cashbackPermille(21)).toBe(40);
    expect(cashbackPermille(500)).toBe(40);
    expect(formatPermille(29)).toBe("2,9\u00a0%");
    expect(formatPermille(40)).toBe("4\u00a0%");
    expect(formatPermille(0)).toBe("0\u00a0%");
  });

  it("the rate agrees with the oracle and grows with the shares up to 21, then stays", () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 1000 }), (n) => {
        expect(cashbackPermille(n)).toBe(oracleRate(n));
        if (n >= 0 && n < 21) expect(cashbackPermille(n + 1)).toBeGreaterThan(cashbackPermille(n));
        if (n >= 21) expect(cashbackPermille(n + 1)).toBe(cashbackPermille(n));
      }),
      RUNS,
    );
  });

  it("no shares, no cashback", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (subtotal) => {
        expect(cashbackCents(cashbackPermille(0), subtotal, 0)).toBe(0);
      }),
      RUNS,
    );
  });

  it("the amount is the oracle's: whole cents, rounded commercially, never negative, shares in the cart earn none", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: -100_000, max: 100_000_000 }),
        fc.integer({ min: -10_000, max: 10_000_000 }),
        (shares, subtotal, inCart) => {
          const permille = cashbackPermille(shares);
          const cents = cashbackCents(permille, subtotal, inCart);
          expect(cents).toBe(oracleCents(permille, subtotal, inCart));
          expect(Number.isInteger(cents)).toBe(true);
          expect(cents).toBeGreaterThanOrEqual(0);
          // never more than half a cent away from the exact amount
          expect(Math.abs(cents * 1000 - Math.max(0, subtotal - Math.max(0, inCart)) * permille)).toBeLessThanOrEqual(
            500,
          );
        },
      ),
      RUNS,
    );
  });

  it("more shares never mean less cashback on the same purchase", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 10_000_000 }), (shares, subtotal) => {
        expect(cashbackCents(cashbackPermille(shares + 1), subtotal, 0)).toBeGreaterThanOrEqual(
          cashbackCents(cashbackPermille(shares), subtotal, 0),
        );
      }),
      RUNS,
    );
  });

  it("the membership page's example: 300 € a month is 7,20 € with 5 shares and 12,00 € with 21", () => {
    expect(cashbackCents(cashbackPermille(5), 30_000, 0)).toBe(720);
    expect(cashbackCents(cashbackPermille(21), 30_000, 0)).toBe(1200);
    // a share bought in the same cart earns nothing: 300 € of groceries and two shares
    expect(cashbackCents(cashbackPermille(5), 30_000 + 2 * SHARE_PRICE_CENTS, 2 * SHARE_PRICE_CENTS)).toBe(720);
    // rounded commercially: 0.99 € at 2.0 % is 1.98 cents, 23,40 € at 2.0 % is 46.8 cents, 0,25 € at 2.0 % 0.5 cents
    expect(cashbackCents(20, 99, 0)).toBe(2);
    expect(cashbackCents(20, 2_340, 0)).toBe(47);
    expect(cashbackCents(20, 25, 0)).toBe(1);
    expect(cashbackCents(20, 24, 0)).toBe(0);
  });
});

const day = (offset: number) => new Date(Date.UTC(2026, 0, 1 + offset)).toISOString().slice(0, 10);

/** A ledger that a member could have: cancellations never more than the shares bought before. */
const ledger = fc
  .array(
    fc.record({
      purchase: fc.boolean(),
      quantity: fc.integer({ min: 1, max: 25 }),
      effective: fc.integer({ min: 0, max: 2000 }),
    }),
    { maxLength: 20 },
  )
  .map((steps) => {
    const entries: Pick<ShareEntry, "type" | "quantity" | "effectiveAt">[] = [];
    let open = 0;
    for (const s of steps) {
      if (s.purchase) {
        entries.push({ type: "purchase", quantity: s.quantity, effectiveAt: day(s.effective) });
        open += s.quantity;
      } else if (open > 0) {
        const quantity = Math.min(s.quantity, open);
        entries.push({ type: "cancellation", quantity, effectiveAt: day(s.effective) });
        open -= quantity;
      }
    }
    return entries;
  });

describe("share counts", () => {
  it("held, pending and sellable agree with counting share by share", () => {
    fc.assert(
      fc.property(ledger, fc.integer({ min: 0, max: 2100 }), (entries, todayOffset) => {
        const today = day(todayOffset);
        // one share at a time: each bought share is a token, each cancellation takes tokens away
        const tokens: ("held" | "pending" | "gone")[] = [];
        for (const e of entries) {
          for (let i = 0; i < e.quantity; i++) {
            if (e.type === "purchase") tokens.push("held");
            else {
              const j = tokens.indexOf("held");
              tokens[j] = e.effectiveAt < today ? "gone" : "pending";
            }
          }
        }
        const pending = tokens.filter((x) => x === "pending").length;
        const counts = shareCounts(entries, today);
        expect(counts.pending).toBe(pending);
        expect(counts.held).toBe(tokens.filter((x) => x === "held").length + pending);
        expect(counts.sellable).toBe(tokens.filter((x) => x === "held").length);
        expect(sellableShares(entries, today)).toBe(counts.sellable);
        expect(counts.sellable).toBeGreaterThanOrEqual(0);
        expect(counts.sellable).toBeLessThanOrEqual(counts.held);
      }),
      RUNS,
    );
  });

  it("a cancellation effective on 31 December still counts that day, not on 1 January", () => {
    const entries = [
      { type: "purchase" as const, quantity: 3, effectiveAt: "2024-01-01" },
      { type: "cancellation" as const, quantity: 1, effectiveAt: "2026-12-31" },
    ];
    expect(shareCounts(entries, "2026-12-31")).toEqual({ held: 3, pending: 1, sellable: 2 });
    expect(shareCounts(entries, "2027-01-01")).toEqual({ held: 2, pending: 0, sellable: 2 });
  });
});

/** The quantity as a form sends it, parsed as the action and the browser do. */
const parseQuantity = (sellable: number, value: string) => {
  const form = new FormData();
  form.set("quantity", value);
  return parseWithZod(form, { schema: sellSchema(sellable) });
};

describe("the sell form", () => {
  it("takes exactly the whole numbers from 1 to what is sellable", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.integer({ min: -50, max: 150 }), (sellable, n) => {
        const submission = parseQuantity(sellable, String(n));
        expect(submission.status === "success").toBe(n >= 1 && n <= sellable);
        if (submission.status === "success") expect(submission.value.quantity).toBe(n);
      }),
      RUNS,
    );
  });

  it("refuses what is no whole number, with German message keys at the field", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.oneof(
          fc.constantFrom("abc", "1.5", "2,5", "", " ", "1e400", "NaN", "0x", "--1"),
          fc.double({ min: -1000, max: 1000, noInteger: true }).map(String),
          fc.string().filter((s) => !/^\s*-?\d+(\.0*)?\s*$/.test(s) && !/^\s*[-+]?(\d|\.\d)/.test(s)),
        ),
        (sellable, value) => {
          const submission = parseQuantity(sellable, value);
          expect(submission.status).toBe("error");
          const messages = submission.reply().error?.quantity ?? [];
          expect(messages.length).toBeGreaterThan(0);
          for (const m of messages) expect(m).toMatch(/^(shares:sell\.|validation\.required)/);
        },
      ),
      RUNS,
    );
  });

  it("names the limit above the sellable count", () => {
    expect(parseQuantity(3, "4").reply().error?.quantity).toEqual(["shares:sell.atMost|3"]);
    expect(parseQuantity(3, "0").reply().error?.quantity).toEqual(["shares:sell.atLeastOne"]);
    expect(parseQuantity(3, "-1").reply().error?.quantity).toEqual(["shares:sell.atLeastOne"]);
    expect(parseQuantity(3, "1.5").reply().error?.quantity).toEqual(["shares:sell.wholeNumber"]);
    expect(parseQuantity(3, "abc").reply().error?.quantity).toEqual(["shares:sell.wholeNumber"]);
    expect(parseQuantity(0, "1").reply().error?.quantity).toEqual(["shares:sell.nothingSellable"]);
  });
});

/** The Berlin calendar day, read with another formatter than the shop's. */
const berlinDay = (instant: Date) => instant.toLocaleDateString("sv-SE", { timeZone: "Europe/Berlin" });

describe("the dates of a cancellation", () => {
  it("by 30 September (Berlin) effective that 31 December, from 1 October the next; paid out by 30 June after", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true }),
        (instant) => {
          const local = berlinDay(instant);
          const year = Number(local.slice(0, 4));
          const effectiveYear = Number(local.slice(5, 7)) <= 9 ? year : year + 1;
          expect(cancellationDates(instant)).toEqual({
            effectiveAt: `${effectiveYear}-12-31`,
            payoutAt: `${effectiveYear + 1}-06-30`,
          });
        },
      ),
      RUNS,
    );
  });

  it("the boundaries are Berlin's midnight, in summer and at the year's end", () => {
    // 30 September 23:59:59 in Berlin (summer time, UTC+2) is still in time
    expect(cancellationDates(new Date("2026-09-30T21:59:59Z")).effectiveAt).toBe("2026-12-31");
    // 1 October 00:00 in Berlin, still 30 September in UTC, is too late for this year
    expect(cancellationDates(new Date("2026-09-30T22:00:00Z"))).toEqual({
      effectiveAt: "2027-12-31",
      payoutAt: "2028-06-30",
    });
    // New Year's Eve 23:59 in Berlin (UTC+1) and New Year's Day both give the next year's end
    expect(cancellationDates(new Date("2026-12-31T22:59:00Z")).effectiveAt).toBe("2027-12-31");
    expect(cancellationDates(new Date("2026-12-31T23:00:00Z")).effectiveAt).toBe("2027-12-31");
    // 1 January: in time for that year
    expect(cancellationDates(new Date("2027-01-01T08:00:00Z")).effectiveAt).toBe("2027-12-31");
  });
});
