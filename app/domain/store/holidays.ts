/**
 * Germany's statutory public holidays per state (Bundesland), computed without any network: the
 * fixed ones by date, the moving ones from Easter Sunday (Gregorian computus). Only holidays that
 * hold in the whole state are listed; those of single towns or of Catholic communities only
 * (Augsburg's Friedensfest, Assumption Day in parts of Bavaria, Corpus Christi in parts of Saxony
 * and Thuringia) a store adds as a closed day of its own (decision 0045).
 */
import { addDays } from "~/domain/time/berlin";

export const GERMAN_STATES = [
  "BW",
  "BY",
  "BE",
  "BB",
  "HB",
  "HH",
  "HE",
  "MV",
  "NI",
  "NW",
  "RP",
  "SL",
  "SN",
  "ST",
  "SH",
  "TH",
] as const;
export type GermanState = (typeof GERMAN_STATES)[number];

/** A holiday's key (its German name is in the texts) and its Berlin calendar day. */
export interface PublicHoliday {
  day: string;
  key: HolidayKey;
}

const ALL: readonly GermanState[] = GERMAN_STATES;

/** Each holiday: where it holds and how its day follows from the year (and its Easter Sunday). */
const HOLIDAYS = {
  newYear: { states: ALL, day: (y: number) => `${y}-01-01` },
  epiphany: { states: ["BW", "BY", "ST"], day: (y: number) => `${y}-01-06` },
  // Berlin since 2019, Mecklenburg-Western Pomerania since 2023
  womensDay: { states: ["BE", "MV"], day: (y: number) => `${y}-03-08` },
  goodFriday: { states: ALL, day: (_: number, easter: string) => addDays(easter, -2) },
  // statutory in Brandenburg only (stores are closed on Sundays anyway)
  easterSunday: { states: ["BB"], day: (_: number, easter: string) => easter },
  easterMonday: { states: ALL, day: (_: number, easter: string) => addDays(easter, 1) },
  labourDay: { states: ALL, day: (y: number) => `${y}-05-01` },
  ascension: { states: ALL, day: (_: number, easter: string) => addDays(easter, 39) },
  whitSunday: { states: ["BB"], day: (_: number, easter: string) => addDays(easter, 49) },
  whitMonday: { states: ALL, day: (_: number, easter: string) => addDays(easter, 50) },
  corpusChristi: {
    states: ["BW", "BY", "HE", "NW", "RP", "SL"],
    day: (_: number, easter: string) => addDays(easter, 60),
  },
  assumption: { states: ["SL"], day: (y: number) => `${y}-08-15` },
  // Thuringia since 2019
  childrensDay: { states: ["TH"], day: (y: number) => `${y}-09-20` },
  germanUnity: { states: ALL, day: (y: number) => `${y}-10-03` },
  reformation: {
    states: ["BB", "HB", "HH", "MV", "NI", "SN", "ST", "SH", "TH"],
    day: (y: number) => `${y}-10-31`,
  },
  allSaints: { states: ["BW", "BY", "NW", "RP", "SL"], day: (y: number) => `${y}-11-01` },
  repentance: { states: ["SN"], day: repentanceDay },
  christmas: { states: ALL, day: (y: number) => `${y}-12-25` },
  boxingDay: { states: ALL, day: (y: number) => `${y}-12-26` },
} satisfies Record<string, { states: readonly GermanState[]; day: (year: number, easter: string) => string }>;

export type HolidayKey = keyof typeof HOLIDAYS;

/** Easter Sunday of a Gregorian year, 'YYYY-MM-DD' (the anonymous Gregorian algorithm). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Buß- und Bettag: the Wednesday before 23 November (11 days before the first Sunday of Advent). */
function repentanceDay(year: number): string {
  const nov22 = `${year}-11-22`;
  const weekday = (new Date(`${nov22}T12:00:00Z`).getUTCDay() + 6) % 7; // 0 = Monday
  return addDays(nov22, -((weekday - 2 + 7) % 7));
}

/** The state's public holidays of a year, in calendar order. */
export function publicHolidays(state: GermanState, year: number): PublicHoliday[] {
  const easter = easterSunday(year);
  return (Object.entries(HOLIDAYS) as [HolidayKey, (typeof HOLIDAYS)[HolidayKey]][])
    .filter(([, h]) => (h.states as readonly GermanState[]).includes(state))
    .map(([key, h]) => ({ key, day: h.day(year, easter) }))
    .sort((x, y) => x.day.localeCompare(y.day));
}

export function isGermanState(value: string): value is GermanState {
  return (GERMAN_STATES as readonly string[]).includes(value);
}
