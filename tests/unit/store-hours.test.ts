/**
 * The back office's store hours (decision 0045): a day's typed hours, the rule that staffed hours
 * lie within the opening hours, the form's German messages at their fields, the pickup slots a
 * closed day or fewer places leave, and which booked pickups a change leaves outside.
 */
import { parseWithZod } from "@conform-to/zod";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pickupSlots } from "~/domain/checkout/slots";
import { dayHoursText, parseDayHours, staffedWithinOpening } from "~/domain/store/hours";
import { pickupConflict } from "~/domain/store/pickup-conflicts";
import { WEEKDAYS, isCalendarDay, storeHoursSchema, storePickupSchema, weekOf } from "~/domain/store/schema";
import type { DayHours, SpecialDay } from "~/domain/store/store";
import { berlinInstant } from "~/domain/time/berlin";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}
const errorsOf = (fields: Record<string, string>) => {
  const submission = parseWithZod(form(fields), { schema: storeHoursSchema });
  return submission.status === "error" ? submission.error : null;
};

describe("a day's typed hours", () => {
  it("reads intervals with a dash or en dash, spaces and one-digit hours; writes them back as shown", () => {
    expect(parseDayHours("08:00–20:00")).toEqual({ hours: [["08:00", "20:00"]] });
    expect(parseDayHours(" 8:00 - 13:00 , 15:00-19:00 ")).toEqual({
      hours: [
        ["08:00", "13:00"],
        ["15:00", "19:00"],
      ],
    });
    expect(parseDayHours("")).toEqual({ hours: [] });
    expect(parseDayHours(undefined)).toEqual({ hours: [] });
    expect(parseDayHours("00:00–24:00")).toEqual({ hours: [["00:00", "24:00"]] });
    expect(
      dayHoursText([
        ["08:00", "13:00"],
        ["15:00", "19:00"],
      ]),
    ).toBe("08:00–13:00, 15:00–19:00");
  });

  it("refuses what is no time, an end before its start, overlapping or unordered intervals", () => {
    for (const text of ["8 Uhr", "08:00", "08:00–", "24:00–24:00", "08:60–10:00", "25:00–26:00", "08:00–20:00–21:00"])
      expect(parseDayHours(text), text).toEqual({ problem: "format" });
    expect(parseDayHours("20:00–08:00")).toEqual({ problem: "order" });
    expect(parseDayHours("08:00–08:00")).toEqual({ problem: "order" });
    expect(parseDayHours("08:00–14:00, 13:00–20:00")).toEqual({ problem: "overlap" });
    expect(parseDayHours("15:00–19:00, 08:00–13:00")).toEqual({ problem: "overlap" });
  });

  it("whatever is typed: no exception, and what it accepts it writes back the same", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const parsed = parseDayHours(text);
        if ("hours" in parsed) expect(parseDayHours(dayHoursText(parsed.hours))).toEqual(parsed);
      }),
      { numRuns: 5_000 },
    );
  });

  it("staffed hours lie within one opening interval", () => {
    const opening: DayHours = [["06:00", "22:00"]];
    expect(
      staffedWithinOpening(
        [
          ["08:00", "13:00"],
          ["15:00", "19:00"],
        ],
        opening,
      ),
    ).toBe(true);
    expect(staffedWithinOpening([], opening)).toBe(true);
    expect(staffedWithinOpening([["05:30", "13:00"]], opening)).toBe(false);
    expect(staffedWithinOpening([["08:00", "20:00"]], [])).toBe(false);
    expect(
      staffedWithinOpening(
        [["12:00", "15:00"]],
        [
          ["08:00", "13:00"],
          ["14:00", "20:00"],
        ],
      ),
    ).toBe(false);
  });
});

describe("the hours form", () => {
  const week = Object.fromEntries(
    WEEKDAYS.flatMap((d) => [
      [`opening${d}`, d === 6 ? "" : "06:00–22:00"],
      [`staffed${d}`, d === 6 ? "" : "08:00–20:00"],
    ]),
  );

  it("a valid week: Monday first, Sunday closed", () => {
    const submission = parseWithZod(form({ version: "3", ...week }), { schema: storeHoursSchema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    const { opening, staffed } = weekOf(submission.value);
    expect(opening[0]).toEqual([["06:00", "22:00"]]);
    expect(staffed[6]).toEqual([]);
  });

  it("each mistake at its own field, as a key of the German texts", () => {
    expect(errorsOf({ version: "3", ...week, opening5: "20:00–08:00", staffed5: "" })).toEqual({
      opening5: ["staffStores:hours.error.order"],
    });
    expect(errorsOf({ version: "3", ...week, staffed2: "05:00–20:00" })).toEqual({
      staffed2: ["staffStores:hours.error.outside"],
    });
    expect(errorsOf({ version: "3", ...week, opening0: "morgens" })).toEqual({
      opening0: ["staffStores:hours.error.format"],
    });
    expect(errorsOf({ ...week })).toEqual({ version: ["staffStores:error.version"] });
  });

  it("places per slot: whole numbers 0 to 50", () => {
    const ok = (capacity: string) =>
      parseWithZod(form({ version: "1", capacity }), { schema: storePickupSchema }).status === "success";
    expect(["0", "6", "50"].map(ok)).toEqual([true, true, true]);
    expect(["51", "-1", "2.5", "viele", ""].map(ok)).toEqual([false, false, false, false, false]);
  });

  it("calendar days that exist", () => {
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("2027-02-29")).toBe(false);
    expect(isCalendarDay("2027-13-01")).toBe(false);
    expect(isCalendarDay("24.12.2026")).toBe(false);
  });
});

describe("pickup slots and the back office's rules", () => {
  const staffed = Array.from({ length: 7 }, (_, i) => (i === 6 ? [] : ([["08:00", "12:00"]] as DayHours)));
  const now = new Date("2026-11-23T05:00:00Z"); // Monday 06:00 in Berlin

  const closed = (day: string): [string, SpecialDay] => [day, { day, reason: "", opening: null, staffed: null }];
  const special = (day: string, opening: DayHours, staffedThen: DayHours | null): [string, SpecialDay] => [
    day,
    { day, reason: "Heiligabend", opening, staffed: staffedThen },
  ];

  it("a closed day has no slot; the store's places decide what remains", () => {
    const slots = pickupSlots(staffed, now, 3, new Map(), {
      capacity: 2,
      specialDays: new Map([closed("2026-11-24")]),
    });
    expect([...new Set(slots.map((s) => s.date))]).toEqual(["2026-11-23", "2026-11-25"]);
    expect(slots.every((s) => s.remaining === 2)).toBe(true);
    const start = berlinInstant("2026-11-25", "08:00").toISOString();
    const full = pickupSlots(staffed, now, 3, new Map([[start, 5]]), { capacity: 2 });
    expect(full.find((s) => s.date === "2026-11-25" && s.from === "08:00")?.remaining).toBe(0);
  });

  it("a booked pickup on a day since closed, or outside new staffed hours, is named; one that fits is not", () => {
    const slot = (date: string, from: string, to: string) => ({
      start: berlinInstant(date, from).toISOString(),
      end: berlinInstant(date, to).toISOString(),
    });
    const none = new Map<string, SpecialDay>();
    expect(pickupConflict(slot("2026-11-24", "08:00", "10:00"), staffed, none)).toBeNull();
    expect(pickupConflict(slot("2026-11-24", "08:00", "10:00"), staffed, new Map([closed("2026-11-24")]))).toBe(
      "closedDay",
    );
    expect(pickupConflict(slot("2026-11-24", "12:00", "14:00"), staffed, none)).toBe("outsideHours");
    expect(pickupConflict(slot("2026-11-29", "08:00", "10:00"), staffed, none)).toBe("outsideHours");
    // a day with other hours: only they count, on that day alone
    const shorter = new Map([special("2026-11-24", [["08:00", "09:00"]], [["08:00", "09:00"]])]);
    expect(pickupConflict(slot("2026-11-24", "08:00", "10:00"), staffed, shorter)).toBe("outsideHours");
    expect(pickupConflict(slot("2026-11-25", "08:00", "10:00"), staffed, shorter)).toBeNull();
    // a Sunday opened as a special day (e.g. a sales Sunday) takes pickups within its staffed hours
    const sunday = new Map([special("2026-11-29", [["12:00", "18:00"]], [["12:00", "16:00"]])]);
    expect(pickupConflict(slot("2026-11-29", "12:00", "14:00"), staffed, sunday)).toBeNull();
  });

  it("a day with other hours offers slots within its staffed hours only; unstaffed, none", () => {
    const specialDays = new Map([
      special("2026-11-24", [["08:00", "14:00"]], [["10:00", "12:00"]]),
      special("2026-11-25", [["08:00", "14:00"]], null),
      special("2026-11-29", [["12:00", "18:00"]], [["12:00", "16:00"]]),
    ]);
    const slots = pickupSlots(staffed, now, 7, new Map(), { specialDays });
    const on = (date: string) => slots.filter((s) => s.date === date).map((s) => `${s.from}–${s.to}`);
    expect(on("2026-11-24")).toEqual(["10:00–12:00"]);
    expect(on("2026-11-25")).toEqual([]);
    expect(on("2026-11-26")).toEqual(["08:00–10:00", "10:00–12:00"]);
    expect(on("2026-11-29")).toEqual(["12:00–14:00", "14:00–16:00"]);
  });
});
