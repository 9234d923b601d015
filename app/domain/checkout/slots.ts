/**
 * Delivery wish slots and click & collect slots, laid out in Berlin time and keyed by their UTC
 * instants ("start|end"). A posted key is only accepted when it is one of
 * the slots offered now, so a stale or made-up slot is refused.
 */
import { type DayHours, type SpecialDay, staffedOn } from "~/domain/store/store";
import { addDays, berlinInstant, inBerlin, weekdayOf } from "~/domain/time/berlin";
import type { CarrierCode } from "./carriers";

export interface Slot {
  key: string;
  /** Berlin calendar day 'YYYY-MM-DD' and wall-clock times, for showing */
  date: string;
  from: string;
  to: string;
}

export interface PickupSlot extends Slot {
  remaining: number;
}

/** A store's places per slot unless the back office set others (migration 0027's default). */
export const PICKUP_SLOT_CAPACITY = 6;
export const PICKUP_DAYS_SHOWN = 3;
export const PICKUP_DAYS_MORE = 7;
/** A pickup slot must start at least this long after ordering, so the store can pack. */
const PICKUP_LEAD_MS = 3 * 3_600_000;
const PICKUP_SLOT_HOURS = 2;

const WISH_WINDOWS: Partial<Record<CarrierCode, { firstDay: number; windows: [string, string][] }>> = {
  myensopackagedelivery: {
    firstDay: 2,
    windows: [
      ["08:00", "14:00"],
      ["14:00", "20:00"],
    ],
  },
  myensofoodshipping: {
    firstDay: 1,
    windows: [
      ["10:00", "12:00"],
      ["12:00", "14:00"],
      ["14:00", "16:00"],
      ["16:00", "18:00"],
      ["18:00", "20:00"],
    ],
  },
};
const WISH_DAYS = 6;

function slot(date: string, from: string, to: string): Slot {
  return { key: `${berlinInstant(date, from).toISOString()}|${berlinInstant(date, to).toISOString()}`, date, from, to };
}

/** Delivery days are Monday to Saturday. */
export function deliveryWishSlots(carrier: CarrierCode, now: Date): Slot[] {
  const plan = WISH_WINDOWS[carrier];
  if (!plan) return [];
  const slots: Slot[] = [];
  for (
    let day = addDays(inBerlin(now).date, plan.firstDay);
    slots.length < WISH_DAYS * plan.windows.length;
    day = addDays(day, 1)
  ) {
    if (weekdayOf(day) === 6) continue;
    for (const [from, to] of plan.windows) slots.push(slot(day, from, to));
  }
  return slots;
}

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const toTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** What the back office sets per store (decision 0045): places per slot and the days that differ from the week. */
export interface PickupRules {
  capacity?: number;
  /** by Berlin calendar day 'YYYY-MM-DD': closed (no slot) or with its own staffed hours */
  specialDays?: ReadonlyMap<string, SpecialDay>;
}

/**
 * Two-hour slots within the store's staffed hours (someone has to hand the bag over), from the
 * first day with a slot far enough ahead, over `days` calendar days, none on a closed day, and on a
 * day with other hours within those. `booked`
 * maps a slot key's start instant to its booked places; a slot's remaining places never go below 0
 * (places lowered below what is booked keep those bookings).
 */
export function pickupSlots(
  staffed: DayHours[],
  now: Date,
  days: number,
  booked: Map<string, number>,
  { capacity = PICKUP_SLOT_CAPACITY, specialDays }: PickupRules = {},
): PickupSlot[] {
  const slots: PickupSlot[] = [];
  const today = inBerlin(now).date;
  for (let i = 0; i < days; i++) {
    const day = addDays(today, i);
    for (const [open, close] of staffedOn(day, weekdayOf(day), staffed, specialDays)) {
      for (let start = toMinutes(open); start < toMinutes(close); start += PICKUP_SLOT_HOURS * 60) {
        const end = Math.min(start + PICKUP_SLOT_HOURS * 60, toMinutes(close === "24:00" ? "23:59" : close));
        const s = slot(day, toTime(start), toTime(end));
        const startsAt = slotTimes(s.key).start;
        if (Date.parse(startsAt) - now.getTime() < PICKUP_LEAD_MS) continue;
        slots.push({ ...s, remaining: Math.max(0, capacity - (booked.get(startsAt) ?? 0)) });
      }
    }
  }
  return slots;
}

/** A slot as an order takes it: its start and end, UTC instants in ISO 8601. */
export interface TimeSlot {
  start: string;
  end: string;
}

/**
 * The instants a slot key names. Split at the first "|" only, so a key with more than one (made up,
 * never offered) keeps them in its end and matches no offered slot.
 */
export function slotTimes(key: string): TimeSlot {
  const bar = key.indexOf("|");
  return bar < 0 ? { start: key, end: "" } : { start: key.slice(0, bar), end: key.slice(bar + 1) };
}

/** The offered slot a customer chose, if it is one of them. */
export function offeredSlot<S extends Slot>(offered: S[], chosen: TimeSlot | undefined): S | undefined {
  return chosen && offered.find((s) => s.key === `${chosen.start}|${chosen.end}`);
}
