/**
 * Public holidays per German state (app/domain/store/holidays.ts, decision 0045): Easter and the
 * days that follow from it for 2026–2028 against the published calendars, the state differences,
 * and Buß- und Bettag (Saxony) as the Wednesday before 23 November.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GERMAN_STATES, easterSunday, publicHolidays, type GermanState } from "~/domain/store/holidays";

const daysOf = (state: GermanState, year: number) => publicHolidays(state, year).map((h) => `${h.day} ${h.key}`);

describe("Easter and the days that follow from it", () => {
  it("Easter Sunday of 2026, 2027, 2028 and some known years", () => {
    expect(easterSunday(2026)).toBe("2026-04-05");
    expect(easterSunday(2027)).toBe("2027-03-28");
    expect(easterSunday(2028)).toBe("2028-04-16");
    expect(easterSunday(2019)).toBe("2019-04-21");
    expect(easterSunday(2038)).toBe("2038-04-25"); // the latest possible
    expect(easterSunday(2285)).toBe("2285-03-22"); // the earliest possible
  });

  it("Easter Sunday is a Sunday between 22 March and 25 April", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1583, max: 4099 }), (year) => {
        const day = easterSunday(year);
        expect(new Date(`${day}T12:00:00Z`).getUTCDay()).toBe(0);
        expect(day.slice(5) >= "03-22" && day.slice(5) <= "04-25").toBe(true);
      }),
    );
  });

  it("Saxony 2026: Good Friday, Easter Monday, Ascension, Whit Monday, Reformation Day, Buß- und Bettag", () => {
    expect(daysOf("SN", 2026)).toEqual([
      "2026-01-01 newYear",
      "2026-04-03 goodFriday",
      "2026-04-06 easterMonday",
      "2026-05-01 labourDay",
      "2026-05-14 ascension",
      "2026-05-25 whitMonday",
      "2026-10-03 germanUnity",
      "2026-10-31 reformation",
      "2026-11-18 repentance",
      "2026-12-25 christmas",
      "2026-12-26 boxingDay",
    ]);
  });

  it("Bavaria 2027: Epiphany, Corpus Christi, All Saints; no Reformation Day", () => {
    expect(daysOf("BY", 2027)).toEqual([
      "2027-01-01 newYear",
      "2027-01-06 epiphany",
      "2027-03-26 goodFriday",
      "2027-03-29 easterMonday",
      "2027-05-01 labourDay",
      "2027-05-06 ascension",
      "2027-05-17 whitMonday",
      "2027-05-27 corpusChristi",
      "2027-10-03 germanUnity",
      "2027-11-01 allSaints",
      "2027-12-25 christmas",
      "2027-12-26 boxingDay",
    ]);
  });

  it("2028: Easter-dependent days in North Rhine-Westphalia and Saarland; Brandenburg's Easter and Whit Sunday", () => {
    const nw = daysOf("NW", 2028);
    expect(nw).toEqual(
      expect.arrayContaining([
        "2028-04-14 goodFriday",
        "2028-04-17 easterMonday",
        "2028-05-25 ascension",
        "2028-06-05 whitMonday",
        "2028-06-15 corpusChristi",
      ]),
    );
    expect(daysOf("SL", 2028)).toContain("2028-08-15 assumption");
    expect(daysOf("BB", 2028)).toEqual(
      expect.arrayContaining(["2028-04-16 easterSunday", "2028-06-04 whitSunday", "2028-10-31 reformation"]),
    );
    expect(daysOf("SN", 2027)).toContain("2027-11-17 repentance");
    expect(daysOf("SN", 2028)).toContain("2028-11-22 repentance");
  });

  it("state differences: Berlin's Women's Day, Thuringia's Children's Day, nine days everywhere", () => {
    expect(daysOf("BE", 2026)).toContain("2026-03-08 womensDay");
    expect(daysOf("MV", 2026)).toContain("2026-03-08 womensDay");
    expect(daysOf("TH", 2026)).toContain("2026-09-20 childrensDay");
    expect(daysOf("HH", 2026)).not.toContain("2026-09-20 childrensDay");
    for (const state of GERMAN_STATES) {
      for (const year of [2026, 2027, 2028]) {
        const list = publicHolidays(state, year);
        expect(list.length, `${state} ${year}`).toBeGreaterThanOrEqual(10);
        // sorted, no day twice
        expect(list.map((h) => h.day)).toEqual([...new Set(list.map((h) => h.day))].sort());
      }
    }
    expect(publicHolidays("HB", 2026)).toHaveLength(10);
    expect(publicHolidays("BW", 2026)).toHaveLength(12);
  });
});
