/**
 * Booked pickups a later change left outside what the store now offers: on a day since closed, or
 * outside its new staffed hours (the week's, or a special day's). Such an order stays valid and booked (decision 0045): the back
 * office lists it so the staff tell the customer or hand it over anyway; nothing drops it.
 */
import { inBerlin } from "~/domain/time/berlin";
import { minutesOf } from "./hours";
import { type DayHours, isClosedDay, type SpecialDay, staffedOn } from "./store";

export type PickupConflict = "closedDay" | "outsideHours";

/** Why a booked slot (UTC instants) no longer fits the store, or null when it does. */
export function pickupConflict(
  slot: { start: string; end: string | null },
  staffed: DayHours[],
  specialDays: ReadonlyMap<string, SpecialDay>,
): PickupConflict | null {
  const start = inBerlin(new Date(slot.start));
  if (isClosedDay(specialDays.get(start.date))) return "closedDay";
  const from = minutesOf(start.time) ?? 0;
  const endTime = slot.end ? inBerlin(new Date(slot.end)) : start;
  // a slot ending at midnight ends at 24:00 of its own day
  const to = endTime.date === start.date ? (minutesOf(endTime.time) ?? from) : 24 * 60;
  const fits = staffedOn(start.date, start.weekday, staffed, specialDays).some(
    ([open, close]) => (minutesOf(open) ?? 0) <= from && to <= (minutesOf(close) ?? 0),
  );
  return fits ? null : "outsideHours";
}
