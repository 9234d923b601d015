/**
 * The store page's forms (issue 33 §4): which staff action a form is (403 for a role without it),
 * the store (404), the form's schema (400, the German message at its field, what was typed kept),
 * then the domain's change and a notice on the same page (post/redirect/get). A form that shows an
 * older version of the store is refused (409) with the current one loaded beneath it.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { SubmissionResult } from "@conform-to/react";
import { formatGermanDate } from "~/domain/content/date";
import { mayTake, type StaffAction } from "~/domain/staff/roles";
import {
  CLOSED_DAY_YEARS_AHEAD,
  closeDaySchema,
  holidayYears,
  holidaysSchema,
  reopenDaySchema,
  specialDaySchema,
  storeHoursSchema,
  storePickupSchema,
  weekOf,
} from "~/domain/store/schema";
import {
  addHolidays,
  closeDay,
  lastClosableDay,
  reopenDay,
  saveHours,
  savePickup,
  setSpecialHours,
  storeForStaff,
  type StoreChangeResult,
  type StoreForStaff,
} from "~/domain/store/store-admin.server";
import { berlinToday } from "~/domain/time/berlin";
import { redirectWithNotice } from "~/platform/flash.server";
import { parseForm, unknownIntent } from "~/platform/form.server";
import { translator } from "~/platform/i18n.server";
import { notFound } from "~/platform/route-data.server";
import { readStaffForm } from "./staff-form.server";
import { staffForbidden } from "./staff-forbidden";

export const STORE_INTENTS = {
  hours: "stores.hours",
  pickup: "stores.pickup",
  closeDay: "stores.closedDays",
  holidays: "stores.closedDays",
  reopen: "stores.closedDays",
  specialDay: "stores.closedDays",
} as const satisfies Record<string, StaffAction>;
export type StoreIntent = keyof typeof STORE_INTENTS;

export type StoreFormReply = { intent: StoreIntent; result: SubmissionResult<string[]>; status: number };

const CHANGED_MEANWHILE = "staffStores:error.changedMeanwhile";

/** The store the URL names, for the back office; an unknown id is 404. */
export async function requireStoreForStaff(db: D1Database, id: string | undefined, now = new Date()) {
  const store = id ? await storeForStaff(db, id, berlinToday(now), now) : null;
  if (!store) throw notFound();
  return store;
}

export async function takeStoreChange(
  request: Request,
  context: AppLoadContext,
  id: string | undefined,
): Promise<StoreFormReply> {
  const { staff, form } = await readStaffForm(request, context, "stores.read");
  const intent = String(form.get("intent") ?? "");
  // own keys only: "constructor" or "__proto__" is no intent
  if (!Object.hasOwn(STORE_INTENTS, intent)) throw unknownIntent();
  const storeIntent = intent as StoreIntent;
  if (!mayTake(staff.role, STORE_INTENTS[storeIntent])) throw staffForbidden();
  const db = context.env.DB;
  const now = new Date();
  const today = berlinToday(now);
  const current = await requireStoreForStaff(db, id, now);
  const path = new URL(request.url).pathname;
  const t = await translator("staffStores");
  const name = current.store.name;
  const refuse = (result: SubmissionResult<string[]>, status = 400): StoreFormReply => {
    // the version is a hidden field: a message there would show nowhere, so it goes above the form
    const versionErrors = result.error?.version;
    if (versionErrors?.length) {
      const { version: _, ...fields } = result.error ?? {};
      return { intent: storeIntent, result: { ...result, error: { ...fields, "": versionErrors } }, status };
    }
    return { intent: storeIntent, result, status };
  };
  const finish = async (
    outcome: StoreChangeResult,
    reply: (options: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]>,
    notice: { key: string; values?: Record<string, string | number> },
  ): Promise<StoreFormReply> => {
    if (outcome === "done")
      throw await redirectWithNotice(context.env, path, { type: "success", key: notice.key, values: notice.values });
    if (outcome === "alreadyClosed")
      return refuse(
        reply({
          fieldErrors: {
            day: [storeIntent === "specialDay" ? "staffStores:special.already" : "staffStores:closed.already"],
          },
        }),
        409,
      );
    if (outcome === "nothingToAdd") return refuse(reply({ formErrors: ["staffStores:holidays.nothing"] }), 409);
    return refuse(reply({ formErrors: [CHANGED_MEANWHILE] }), 409);
  };
  const change = (version: number) => ({ db, staff, storeId: current.store.id, version });

  if (storeIntent === "hours") {
    const submission = parseForm(form, storeHoursSchema);
    if (submission.status !== "success") return refuse(submission.reply());
    const outcome = await saveHours(change(submission.value.version), current.store, weekOf(submission.value));
    return finish(outcome, (o) => submission.reply(o), { key: "staffStores:hours.done", values: { name } });
  }
  if (storeIntent === "pickup") {
    const submission = parseForm(form, storePickupSchema);
    if (submission.status !== "success") return refuse(submission.reply());
    const { version, clickAndCollect, capacity } = submission.value;
    const outcome = await savePickup(
      change(version),
      { clickAndCollect: current.store.clickAndCollect, capacity: current.capacity },
      { clickAndCollect: clickAndCollect === true, capacity },
      now,
    );
    return finish(outcome, (o) => submission.reply(o), { key: "staffStores:pickup.done", values: { name } });
  }
  if (storeIntent === "closeDay") {
    const submission = parseForm(form, closeDaySchema);
    if (submission.status !== "success") return refuse(submission.reply());
    const { version, day, reason } = submission.value;
    if (day < today) return refuse(submission.reply({ fieldErrors: { day: ["staffStores:closed.error.past"] } }));
    if (day > lastClosableDay(today, CLOSED_DAY_YEARS_AHEAD))
      return refuse(submission.reply({ fieldErrors: { day: ["staffStores:closed.error.tooFar"] } }));
    const outcome = await closeDay(change(version), { day, reason: reason ?? "" });
    return finish(outcome, (o) => submission.reply(o), {
      key: "staffStores:closed.done",
      values: { name, day: formatGermanDate(day) },
    });
  }
  if (storeIntent === "specialDay") {
    const submission = parseForm(form, specialDaySchema);
    if (submission.status !== "success") return refuse(submission.reply());
    const { version, day, reason, openingHours, staffedHours } = submission.value;
    if (day < today) return refuse(submission.reply({ fieldErrors: { day: ["staffStores:closed.error.past"] } }));
    if (day > lastClosableDay(today, CLOSED_DAY_YEARS_AHEAD))
      return refuse(submission.reply({ fieldErrors: { day: ["staffStores:closed.error.tooFar"] } }));
    const outcome = await setSpecialHours(change(version), {
      day,
      reason: reason ?? "",
      opening: openingHours,
      staffed: staffedHours,
    });
    return finish(outcome, (o) => submission.reply(o), {
      key: "staffStores:special.done",
      values: { name, day: formatGermanDate(day) },
    });
  }
  if (storeIntent === "holidays") {
    const submission = parseForm(form, holidaysSchema);
    if (submission.status !== "success") return refuse(submission.reply());
    const { version, state, year } = submission.value;
    if (!holidayYears(today).includes(year))
      return refuse(submission.reply({ fieldErrors: { year: ["staffStores:holidays.error.year"] } }));
    const { result, added } = await addHolidays(change(version), state, year, today, (key) => t(`holiday.${key}`));
    return finish(result, (o) => submission.reply(o), {
      key: "staffStores:holidays.done",
      values: { name, count: added },
    });
  }
  const submission = parseForm(form, reopenDaySchema);
  if (submission.status !== "success") return refuse(submission.reply());
  const { version, day } = submission.value;
  const outcome = await reopenDay(change(version), day);
  return finish(outcome, (o) => submission.reply(o), {
    key: "staffStores:closed.reopened",
    values: { name, day: formatGermanDate(day) },
  });
}

export type { StoreForStaff };
