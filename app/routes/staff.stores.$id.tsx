import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  AffectedPickups,
  ClosedDaysSection,
  HolidaysForm,
  SpecialDayForm,
  StoreHoursForm,
  StorePickupForm,
} from "~/components/staff/stores/StoreForms";
import { holidayYears } from "~/domain/store/schema";
import { storePath } from "~/domain/store/store";
import { berlinToday } from "~/domain/time/berlin";
import { requireStoreForStaff, takeStoreChange } from "~/http/staff/store-action.server";
import { requireStaff } from "~/http/staff/staff-identity.server";
import { pageTitle, useTranslation } from "~/i18n/texts";
import { translator } from "~/platform/i18n.server";

/**
 * One store in the back office (issue 33 §4, decision 0045): its weekly opening and staffed hours,
 * click & collect and the places per pickup slot, closed days (one at a time or a state's public
 * holidays of a year) and days with other hours (e.g. 24 December until 14:00), and the booked pickups a change left outside its hours, listed, never dropped.
 */
export const handle = { i18n: ["staff", "staffStores", "pages"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "stores.read");
  const [current, t] = await Promise.all([requireStoreForStaff(context.env.DB, params.id), translator("staffStores")]);
  const today = berlinToday();
  return {
    title: pageTitle(t("store.title", { name: current.store.name }), t),
    ...current,
    today,
    years: holidayYears(today),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const reply = await takeStoreChange(request, context, params.id);
  return data({ intent: reply.intent, result: reply.result }, { status: reply.status });
}

export default function StaffStorePage() {
  const { store, version, capacity, holidayState, specialDays, affected, today, years } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  const { t } = useTranslation("staffStores");
  return (
    <div className="staff-page staff-store">
      <p>
        <Link to="/staff/stores">{t("store.back")}</Link>
      </p>
      <h1>{store.name}</h1>
      <p>
        {t("store.address", { street: store.street, houseNumber: store.houseNumber, zip: store.zip, city: store.city })}
        {" · "}
        <Link to={storePath(store.id)}>{t("store.publicPage")}</Link>
      </p>
      <AffectedPickups affected={affected} />
      {/* a new version (a change saved) starts the forms anew from the store as it is now */}
      <StoreHoursForm
        key={`hours-${version}`}
        week={{ opening: store.openingHours, staffed: store.staffedHours }}
        version={version}
        lastResult={resultFor("hours")}
      />
      <StorePickupForm
        key={`pickup-${version}`}
        clickAndCollect={store.clickAndCollect}
        capacity={capacity}
        version={version}
        lastResult={resultFor("pickup")}
      />
      <ClosedDaysSection
        key={`closed-${version}`}
        specialDays={specialDays}
        version={version}
        today={today}
        lastResult={resultFor("closeDay")}
        reopenResult={resultFor("reopen")}
      />
      <SpecialDayForm key={`special-${version}`} version={version} today={today} lastResult={resultFor("specialDay")} />
      <HolidaysForm
        key={`holidays-${version}`}
        version={version}
        years={years}
        state={holidayState}
        lastResult={resultFor("holidays")}
      />
    </div>
  );
}
