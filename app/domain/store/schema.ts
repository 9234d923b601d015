/**
 * The back office's store forms (issue 33 §4), parsed by the server and checked in the browser with
 * the same schema. Messages are keys of the `staffStores` namespace. Every form sends the store's
 * version it showed (migration 0027): a change made meanwhile refuses it.
 */
import { z } from "zod";
import { GERMAN_STATES } from "./holidays";
import { parseDayHours, staffedWithinOpening } from "./hours";
import type { DayHours } from "./store";

export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
type Weekday = (typeof WEEKDAYS)[number];
export type DayField = `opening${Weekday}` | `staffed${Weekday}`;

const version = z
  .number({ invalid_type_error: "staffStores:error.version", required_error: "staffStores:error.version" })
  .int("staffStores:error.version")
  .min(0, "staffStores:error.version")
  .max(1_000_000_000, "staffStores:error.version");

const dayText = z.string().max(100, "staffStores:hours.error.format").optional();

const dayFields = Object.fromEntries(
  WEEKDAYS.flatMap((d) => [
    [`opening${d}`, dayText],
    [`staffed${d}`, dayText],
  ]),
) as Record<DayField, typeof dayText>;

const HOURS_MESSAGE = {
  format: "staffStores:hours.error.format",
  order: "staffStores:hours.error.order",
  overlap: "staffStores:hours.error.overlap",
} as const;

export const storeHoursSchema = z.object({ version, ...dayFields }).superRefine((value, ctx) => {
  for (const d of WEEKDAYS) {
    const opening = parseDayHours(value[`opening${d}`]);
    const staffed = parseDayHours(value[`staffed${d}`]);
    if ("problem" in opening)
      ctx.addIssue({ code: "custom", path: [`opening${d}`], message: HOURS_MESSAGE[opening.problem] });
    if ("problem" in staffed)
      ctx.addIssue({ code: "custom", path: [`staffed${d}`], message: HOURS_MESSAGE[staffed.problem] });
    else if ("hours" in opening && !staffedWithinOpening(staffed.hours, opening.hours))
      ctx.addIssue({ code: "custom", path: [`staffed${d}`], message: "staffStores:hours.error.outside" });
  }
});

export type StoreHoursForm = z.infer<typeof storeHoursSchema>;

/** The week a valid form names, Monday first. */
export function weekOf(form: StoreHoursForm): { opening: DayHours[]; staffed: DayHours[] } {
  const hours = (text: string | undefined) => {
    const parsed = parseDayHours(text);
    return "hours" in parsed ? parsed.hours : [];
  };
  return {
    opening: WEEKDAYS.map((d) => hours(form[`opening${d}`])),
    staffed: WEEKDAYS.map((d) => hours(form[`staffed${d}`])),
  };
}

export const PICKUP_CAPACITY_MAX = 50;

export const storePickupSchema = z.object({
  version,
  clickAndCollect: z.boolean().optional(),
  capacity: z
    .number({
      required_error: "staffStores:pickup.error.capacity",
      invalid_type_error: "staffStores:pickup.error.capacity",
    })
    .int("staffStores:pickup.error.capacity")
    .min(0, "staffStores:pickup.error.capacity")
    .max(PICKUP_CAPACITY_MAX, "staffStores:pickup.error.capacity"),
});

/** A calendar day 'YYYY-MM-DD' that exists. */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const day = z
  .string({ required_error: "staffStores:closed.error.day" })
  .refine(isCalendarDay, "staffStores:closed.error.day");

export const closeDaySchema = z.object({
  version,
  day,
  reason: z.string().trim().max(80, "staffStores:closed.error.reason").optional(),
});

/** A day with other hours than the week's: open (and staffed) as typed; a day closed whole is `closeDaySchema`'s. */
export const specialDaySchema = z
  .object({
    version,
    day,
    opening: z
      .string({ required_error: "staffStores:special.error.opening" })
      .max(100, "staffStores:hours.error.format"),
    staffed: dayText,
    reason: z.string().trim().max(80, "staffStores:closed.error.reason").optional(),
  })
  .superRefine((value, ctx) => {
    const opening = parseDayHours(value.opening);
    const staffed = parseDayHours(value.staffed);
    if ("problem" in opening)
      ctx.addIssue({ code: "custom", path: ["opening"], message: HOURS_MESSAGE[opening.problem] });
    else if (!opening.hours.length)
      ctx.addIssue({ code: "custom", path: ["opening"], message: "staffStores:special.error.opening" });
    if ("problem" in staffed)
      ctx.addIssue({ code: "custom", path: ["staffed"], message: HOURS_MESSAGE[staffed.problem] });
    else if ("hours" in opening && !staffedWithinOpening(staffed.hours, opening.hours))
      ctx.addIssue({ code: "custom", path: ["staffed"], message: "staffStores:hours.error.outside" });
  })
  .transform((value) => {
    const hours = (text: string | undefined) => {
      const parsed = parseDayHours(text);
      return "hours" in parsed ? parsed.hours : [];
    };
    return { ...value, openingHours: hours(value.opening), staffedHours: hours(value.staffed) };
  });

export const reopenDaySchema = z.object({ version, day });

export const holidaysSchema = z.object({
  version,
  state: z.enum(GERMAN_STATES, { errorMap: () => ({ message: "staffStores:holidays.error.state" }) }),
  year: z
    .number({
      required_error: "staffStores:holidays.error.year",
      invalid_type_error: "staffStores:holidays.error.year",
    })
    .int("staffStores:holidays.error.year"),
});

/** The years whose holidays a store may add: this one and the next two. */
export function holidayYears(today: string): number[] {
  const year = Number(today.slice(0, 4));
  return [year, year + 1, year + 2];
}

/** How far ahead a single closed day may lie. */
export const CLOSED_DAY_YEARS_AHEAD = 3;
