/**
 * The back office's stores (issue 33 §4, decision 0045): the list, one store with its closed days
 * and the booked pickups its changes left outside, and the changes themselves. Each change is one
 * D1 batch: the store's row first, only at the version the form showed (raising it), then
 * staff_guard aborts the batch when that changed nothing (a colleague's change meanwhile), then the
 * rest and exactly one audit entry. The checkout, the store pages and the map read the same rows.
 */
import { sql } from "kysely";
import { all, failedConstraint, first, isConstraint, prepare, qb } from "~/platform/db.server";
import { PICKUP_CARRIER_CODES } from "~/domain/checkout/carriers";
import { UNCHANGED } from "~/domain/fulfilment/handover.server";
import { auditEntry } from "~/domain/staff/audit.server";
import type { StaffMember } from "~/domain/staff/roles";
import { addDays } from "~/domain/time/berlin";
import { publicHolidays, type GermanState, type HolidayKey } from "./holidays";
import { pickupConflict, type PickupConflict } from "./pickup-conflicts";
import { closedDaysQuery, findStore } from "./store.server";
import { type DayHours, type SpecialDay, type Store, specialDayOf } from "./store";
import type { ClickAndCollectFilter, StoreRow, StoreSort } from "./store-list";

const SORT_COLUMN = { name: "name", city: "city", zip: "zip", capacity: "pickup_capacity" } as const;

/** A page of stores; `text` matches name, city or postcode. */
export async function storesForStaff(
  db: D1Database,
  q: {
    sort: StoreSort;
    desc: boolean;
    offset: number;
    limit: number;
    text?: string;
    clickAndCollect: ClickAndCollectFilter;
  },
): Promise<{ rows: StoreRow[]; more: boolean }> {
  let query = qb.selectFrom("store").select(["id", "name", "zip", "city", "click_and_collect", "pickup_capacity"]);
  if (q.text) {
    const like = `%${q.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb("name", "like", sql<string>`${like} ESCAPE '\\'`),
        eb("city", "like", sql<string>`${like} ESCAPE '\\'`),
        eb("zip", "like", sql<string>`${like} ESCAPE '\\'`),
      ]),
    );
  }
  if (q.clickAndCollect !== "all") query = query.where("click_and_collect", "=", q.clickAndCollect === "on" ? 1 : 0);
  const rows = await all(
    db,
    query
      .orderBy(SORT_COLUMN[q.sort], q.desc ? "desc" : "asc")
      .orderBy("name")
      .orderBy("id")
      .limit(q.limit + 1)
      .offset(q.offset),
  );
  return {
    rows: rows.slice(0, q.limit).map((r) => ({
      id: r.id,
      name: r.name,
      zip: r.zip,
      city: r.city,
      clickAndCollect: r.click_and_collect === 1,
      capacity: r.pickup_capacity,
    })),
    more: rows.length > q.limit,
  };
}

export interface ClosedDay {
  day: string;
  reason: string;
}

export interface AffectedPickup {
  orderNumber: number;
  slotStart: string;
  conflict: PickupConflict;
}

export interface StoreForStaff {
  store: Store;
  version: number;
  capacity: number;
  holidayState: string | null;
  /** From today on: closed, or with other hours than the week's. */
  specialDays: SpecialDay[];
  affected: AffectedPickup[];
}

/** Orders still to be handed over. */
const OPEN_PICKUP = ["pending_payment", "processing", "ready_for_pickup"] as const;

export async function storeForStaff(
  db: D1Database,
  id: string,
  today: string,
  now: Date,
): Promise<StoreForStaff | null> {
  const [store, facts, specialRows, pickups] = await Promise.all([
    findStore(db, id),
    first(db, qb.selectFrom("store").select(["version", "pickup_capacity", "holiday_state"]).where("id", "=", id)),
    all(db, closedDaysQuery(id, today)),
    all(
      db,
      qb
        .selectFrom("customer_order")
        .select(["increment_id", "pickup_slot_start", "pickup_slot_end"])
        .where("store_id", "=", id)
        .where("carrier_code", "in", PICKUP_CARRIER_CODES)
        .where("status", "in", OPEN_PICKUP)
        .where("withdrawn_at", "is", null)
        .where("pickup_slot_start", ">=", now.toISOString())
        .orderBy("pickup_slot_start"),
    ),
  ]);
  if (!store || !facts) return null;
  const specialDays = specialRows.map(specialDayOf);
  const special = new Map(specialDays.map((d) => [d.day, d]));
  const affected = pickups.flatMap((p) => {
    if (!p.pickup_slot_start) return [];
    const conflict = pickupConflict(
      { start: p.pickup_slot_start, end: p.pickup_slot_end },
      store.staffedHours,
      special,
    );
    return conflict ? [{ orderNumber: p.increment_id, slotStart: p.pickup_slot_start, conflict }] : [];
  });
  return {
    store,
    version: facts.version,
    capacity: facts.pickup_capacity,
    holidayState: facts.holiday_state,
    specialDays,
    affected,
  };
}

export type StoreChangeResult = "done" | "changedMeanwhile" | "alreadyClosed" | "nothingToAdd";

async function run(db: D1Database, statements: D1PreparedStatement[]): Promise<StoreChangeResult> {
  try {
    await db.batch(statements);
    return "done";
  } catch (error) {
    const failure = failedConstraint(error);
    if (isConstraint(failure, { kind: "CHECK", name: "staff_unchanged" })) return "changedMeanwhile";
    if (isConstraint(failure, { kind: "UNIQUE", name: "store_closed_day.store_id, store_closed_day.day" }))
      return "changedMeanwhile";
    throw error;
  }
}

interface Change {
  db: D1Database;
  staff: StaffMember;
  storeId: string;
  version: number;
}

/** The guarded first statements of every change: the store's row at the version the form showed. */
function versioned({ db, storeId, version }: Change, set: ReturnType<typeof sql> = sql``) {
  return [
    prepare(db, sql`UPDATE store SET version = version + 1${set} WHERE id = ${storeId} AND version = ${version}`),
    prepare(db, UNCHANGED),
  ];
}

export async function saveHours(
  change: Change,
  before: Pick<Store, "openingHours" | "staffedHours">,
  week: { opening: DayHours[]; staffed: DayHours[] },
): Promise<StoreChangeResult> {
  const { db, staff, storeId } = change;
  return run(db, [
    ...versioned(
      change,
      sql`, opening_hours = ${JSON.stringify(week.opening)}, staffed_hours = ${JSON.stringify(week.staffed)}`,
    ),
    auditEntry(db, staff, {
      action: "stores.hours",
      subject: storeId,
      before: { opening: before.openingHours, staffed: before.staffedHours },
      after: week,
    }),
  ]);
}

/**
 * Click & collect and the places per slot. Slots already booked keep their bookings: a slot's
 * places never drop below what is booked there (pickup_booking's CHECK), so fewer places only
 * stop further bookings.
 */
export async function savePickup(
  change: Change,
  before: { clickAndCollect: boolean; capacity: number },
  after: { clickAndCollect: boolean; capacity: number },
  now: Date,
): Promise<StoreChangeResult> {
  const { db, staff, storeId } = change;
  return run(db, [
    ...versioned(
      change,
      sql`, click_and_collect = ${after.clickAndCollect ? 1 : 0}, pickup_capacity = ${after.capacity}`,
    ),
    prepare(
      db,
      sql`UPDATE pickup_booking SET capacity = MAX(${after.capacity}, booked, 1)
            WHERE store_id = ${storeId} AND slot_start >= ${now.toISOString()}`,
    ),
    auditEntry(db, staff, { action: "stores.pickup", subject: storeId, before, after }),
  ]);
}

/** Closes the store on the given days (none of them closed yet). */
async function closeDays(
  change: Change,
  days: ClosedDay[],
  set: ReturnType<typeof sql> = sql``,
): Promise<StoreChangeResult> {
  const { db, staff, storeId } = change;
  return run(db, [
    ...versioned(change, set),
    ...days.map((d) => prepare(db, qb.insertInto("store_closed_day").values({ store_id: storeId, ...d }))),
    auditEntry(db, staff, { action: "stores.closedDays", subject: storeId, after: { closed: days } }),
  ]);
}

export async function closeDay(change: Change, day: ClosedDay): Promise<StoreChangeResult> {
  const known = await first(
    change.db,
    qb.selectFrom("store_closed_day").select("day").where("store_id", "=", change.storeId).where("day", "=", day.day),
  );
  if (known) return "alreadyClosed";
  return closeDays(change, [day]);
}

/**
 * Other hours on one day (none recorded for it yet): open and staffed as given, e.g. shorter on
 * 24 December. Booked pickups outside them are listed, as after any change of hours.
 */
export async function setSpecialHours(
  change: Change,
  special: { day: string; reason: string; opening: DayHours; staffed: DayHours },
): Promise<StoreChangeResult> {
  const known = await first(
    change.db,
    qb
      .selectFrom("store_closed_day")
      .select("day")
      .where("store_id", "=", change.storeId)
      .where("day", "=", special.day),
  );
  if (known) return "alreadyClosed";
  const { db, staff, storeId } = change;
  return run(db, [
    ...versioned(change),
    prepare(
      db,
      qb.insertInto("store_closed_day").values({
        store_id: storeId,
        day: special.day,
        reason: special.reason,
        opening_hours: JSON.stringify(special.opening),
        staffed_hours: JSON.stringify(special.staffed),
      }),
    ),
    auditEntry(db, staff, { action: "stores.closedDays", subject: storeId, after: { special } }),
  ]);
}

/**
 * A state's public holidays of a year, those not yet closed (and not past), with their German names
 * as the reason. The state is remembered as the form's next default.
 */
export async function addHolidays(
  change: Change,
  state: GermanState,
  year: number,
  today: string,
  holidayName: (key: HolidayKey) => string,
): Promise<{ result: StoreChangeResult; added: number }> {
  const known = new Set(
    (
      await all(
        change.db,
        qb
          .selectFrom("store_closed_day")
          .select("day")
          .where("store_id", "=", change.storeId)
          .where("day", ">=", `${year}-01-01`)
          .where("day", "<=", `${year}-12-31`),
      )
    ).map((r) => r.day),
  );
  const days = publicHolidays(state, year)
    .filter((h) => h.day >= today && !known.has(h.day))
    .map((h) => ({ day: h.day, reason: holidayName(h.key) }));
  if (!days.length) return { result: "nothingToAdd", added: 0 };
  return { result: await closeDays(change, days, sql`, holiday_state = ${state}`), added: days.length };
}

export async function reopenDay(change: Change, day: string): Promise<StoreChangeResult> {
  const { db, staff, storeId } = change;
  return run(db, [
    ...versioned(change),
    prepare(db, sql`DELETE FROM store_closed_day WHERE store_id = ${storeId} AND day = ${day}`),
    prepare(db, UNCHANGED),
    auditEntry(db, staff, {
      action: "stores.closedDays",
      subject: storeId,
      before: { closed: [day] },
      after: { closed: [] },
    }),
  ]);
}

/** The last day a single closed day may lie on. */
export function lastClosableDay(today: string, yearsAhead: number): string {
  return addDays(today, yearsAhead * 366);
}
