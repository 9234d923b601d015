/**
 * A day's hours as the back office types them: "08:00–13:00, 15:00–19:00" (a dash or en dash
 * between, a comma between intervals), empty for closed; the same text the store pages show
 * (formatDayHours). Staffed hours lie within the opening hours: a hybrid store is open longer than
 * it is staffed, never staffed while closed (store.ts `isHybrid`, spec "Store map page").
 */
import { formatDayHours, type DayHours } from "./store";

export type HoursProblem = "format" | "order" | "overlap";

const TIME = /^(\d{1,2}):(\d{2})$/;

/** Minutes since midnight of "HH:MM" (24:00 = end of day), or null for anything else. */
export function minutesOf(time: string): number | null {
  const match = TIME.exec(time.trim());
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return null;
  return hours * 60 + minutes;
}

const asTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** A typed day: its intervals in order (times written "08:00"), or what is wrong with it. */
export function parseDayHours(text: string | undefined): { hours: DayHours } | { problem: HoursProblem } {
  const trimmed = (text ?? "").trim();
  if (!trimmed) return { hours: [] };
  const hours: DayHours = [];
  let lastEnd = -1;
  for (const part of trimmed.split(",")) {
    const ends = part.split(/[-–]/);
    if (ends.length !== 2) return { problem: "format" };
    const [from, to] = ends.map(minutesOf);
    if (from === null || to === null || from === 24 * 60) return { problem: "format" };
    if (from >= to) return { problem: "order" };
    if (from < lastEnd) return { problem: "overlap" };
    lastEnd = to;
    hours.push([asTime(from), asTime(to)]);
  }
  return { hours };
}

/** Every staffed interval lies within one opening interval. */
export function staffedWithinOpening(staffed: DayHours, opening: DayHours): boolean {
  const span = ([from, to]: [string, string]) => [minutesOf(from) ?? 0, minutesOf(to) ?? 0];
  return staffed.every((interval) => {
    const [from, to] = span(interval);
    return opening.some((open) => {
      const [openFrom, openTo] = span(open);
      return openFrom <= from && to <= openTo;
    });
  });
}

/** The text a day's field starts with. */
export function dayHoursText(day: DayHours): string {
  return formatDayHours(day) ?? "";
}
