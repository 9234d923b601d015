import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useSearchParams } from "@remix-run/react";
import { createColumnHelper } from "@tanstack/react-table";
import { StaffTable } from "~/components/staff/StaffTable";
import { formatGermanDateTime } from "~/domain/content/date";
import { auditEntries, type AuditRow } from "~/domain/staff/audit.server";
import { STAFF_ACTIONS, type StaffAction } from "~/domain/staff/roles";
import { staffMembers } from "~/domain/staff/staff.server";
import { addDays, berlinInstant } from "~/domain/time/berlin";
import { filterText, readListQuery } from "~/http/staff/list-query.server";
import { requireStaff } from "~/http/staff/staff-identity.server";
import { pageTitle, useTranslation } from "~/i18n/texts";
import { translator } from "~/platform/i18n.server";

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

const PAGE_SIZE = 50;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A filter's whole number, or undefined when it is none. */
function wholeNumber(value: string | undefined): number | undefined {
  return value && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

/** Unix seconds of a Berlin calendar day's first moment ("2026-11-27"); undefined for no real day. */
function dayStart(day: string | undefined): number | undefined {
  // "2026-13-45" has the shape of a day but is none (Intl refuses to format an invalid instant)
  if (!day || !DAY.test(day) || Number.isNaN(Date.parse(day))) return undefined;
  return Math.floor(berlinInstant(day, "00:00").getTime() / 1000);
}

/** The audit log (admin): newest first or oldest first, filtered by the URL, a page at a time. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "audit.read");
  const params = new URL(request.url).searchParams;
  const query = readListQuery(params, { sorts: ["at"], defaultSort: "at", defaultDesc: true, pageSize: PAGE_SIZE });
  const action = filterText(params, "action");
  const from = filterText(params, "from");
  const to = filterText(params, "to");
  const filter = {
    staffId: wholeNumber(filterText(params, "staff")),
    action: action && action in STAFF_ACTIONS ? action : undefined,
    customerId: wholeNumber(filterText(params, "customer")),
    orderId: filterText(params, "order", 64),
    from: dayStart(from),
    to: to && dayStart(to) !== undefined ? (dayStart(addDays(to, 1)) ?? 0) - 1 : undefined,
  };
  const [{ entries, more }, members, t] = await Promise.all([
    auditEntries(context.env.DB, filter, { offset: query.offset, limit: query.limit, oldestFirst: !query.desc }),
    staffMembers(context.env.DB),
    translator("staff"),
  ]);
  return {
    title: pageTitle(t("audit.title"), t),
    entries,
    more,
    query,
    staff: members.map((m) => ({ id: m.id, name: m.name })),
  };
}

const column = createColumnHelper<AuditRow>();

function Json({ value }: { value: string | null }) {
  return value ? <code className="audit-json">{value}</code> : null;
}

function useColumns() {
  const { t } = useTranslation("staff");
  return [
    column.accessor("at", {
      id: "at",
      header: t("audit.at"),
      enableSorting: true,
      cell: (info) => formatGermanDateTime(new Date(info.getValue() * 1000).toISOString()),
    }),
    column.accessor("staffName", { header: t("audit.staff") }),
    column.accessor("action", { header: t("audit.action"), cell: (info) => t(`action.${info.getValue()}`) }),
    column.accessor("customerId", { header: t("audit.customer") }),
    column.accessor("orderId", { header: t("audit.order") }),
    column.accessor("subject", { header: t("audit.subject") }),
    column.accessor("before", { header: t("audit.before"), cell: (info) => <Json value={info.getValue()} /> }),
    column.accessor("after", { header: t("audit.after"), cell: (info) => <Json value={info.getValue()} /> }),
  ];
}

function Filters({ staff }: { staff: { id: number; name: string }[] }) {
  const { t } = useTranslation("staff");
  const [params] = useSearchParams();
  const value = (name: string) => params.get(name) ?? "";
  return (
    <Form method="get" className="staff-filters">
      <div className="field">
        <label htmlFor="audit-staff">{t("audit.staff")}</label>
        <select id="audit-staff" name="staff" defaultValue={value("staff")}>
          <option value="">{t("audit.allStaff")}</option>
          {staff.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="audit-action">{t("audit.action")}</label>
        <select id="audit-action" name="action" defaultValue={value("action")}>
          <option value="">{t("audit.allActions")}</option>
          {(Object.keys(STAFF_ACTIONS) as StaffAction[]).map((action) => (
            <option key={action} value={action}>
              {t(`action.${action}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="audit-customer">{t("audit.customer")}</label>
        <input id="audit-customer" name="customer" inputMode="numeric" defaultValue={value("customer")} />
      </div>
      <div className="field">
        <label htmlFor="audit-order">{t("audit.order")}</label>
        <input id="audit-order" name="order" defaultValue={value("order")} />
      </div>
      <div className="field">
        <label htmlFor="audit-from">{t("audit.from")}</label>
        <input id="audit-from" name="from" type="date" defaultValue={value("from")} />
      </div>
      <div className="field">
        <label htmlFor="audit-to">{t("audit.to")}</label>
        <input id="audit-to" name="to" type="date" defaultValue={value("to")} />
      </div>
      <button type="submit" className="button button-secondary">
        {t("list.filter")}
      </button>
    </Form>
  );
}

export default function AuditLog() {
  const { entries, more, query, staff } = useLoaderData<typeof loader>();
  const { t } = useTranslation("staff");
  return (
    <>
      <h1>{t("audit.title")}</h1>
      <p>{t("audit.intro")}</p>
      <Filters staff={staff} />
      <StaffTable
        rows={entries}
        columns={useColumns()}
        sort={query.sort}
        desc={query.desc}
        page={query.page}
        more={more}
        caption={t("audit.caption")}
        rowKey={(entry) => String(entry.id)}
      />
    </>
  );
}
