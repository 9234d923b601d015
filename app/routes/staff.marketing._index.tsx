import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { createColumnHelper } from "@tanstack/react-table";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { StaffTable } from "~/components/staff/StaffTable";
import { VoucherForm } from "~/components/staff/marketing/VoucherForm";
import { formatGermanDate } from "~/domain/content/date";
import { formatEuro } from "~/domain/money/format";
import { voucherSchema } from "~/domain/promotion/schema";
import { createVoucher, listVouchers, type VoucherListing } from "~/domain/promotion/vouchers.server";
import { berlinToday } from "~/domain/time/berlin";
import { filterText, readListQuery } from "~/http/staff/list-query.server";
import { readStaffForm } from "~/http/staff/staff-form.server";
import { requireStaff } from "~/http/staff/staff-identity.server";
import { pageTitle, useTranslation } from "~/i18n/texts";
import { flashNotice } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";
import { translator } from "~/platform/i18n.server";

export const handle = { i18n: ["staff", "staffMarketing"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

const SORTS = ["code", "uses", "validUntil", "createdAt"] as const;
const STATES = ["active", "inactive", "expired"] as const;
type VoucherState = (typeof STATES)[number];
const PAGE_SIZE = 50;

const stateOf = (v: VoucherListing, today: string): VoucherState =>
  !v.active ? "inactive" : v.validUntil !== null && v.validUntil < today ? "expired" : "active";

function compare(a: VoucherListing, b: VoucherListing, sort: (typeof SORTS)[number]): number {
  if (sort === "uses") return a.uses - b.uses;
  if (sort === "createdAt") return (a.createdAt ?? 0) - (b.createdAt ?? 0);
  if (sort === "validUntil") return (a.validUntil ?? "9999").localeCompare(b.validUntil ?? "9999");
  return a.code.localeCompare(b.code, "de");
}

/** Marketing's vouchers with their uses: filtered, sorted and paged by the URL. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "marketing.read");
  const params = new URL(request.url).searchParams;
  const query = readListQuery(params, { sorts: SORTS, defaultSort: "code", pageSize: PAGE_SIZE });
  const text = filterText(params, "q")?.toLowerCase();
  const state = STATES.find((s) => s === params.get("state"));
  const [vouchers, t] = await Promise.all([listVouchers(context.env.DB), translator("staffMarketing")]);
  const today = berlinToday();
  // A shop runs tens of vouchers, not thousands: the list is filtered and sorted here, not in SQL.
  const matching = vouchers
    .filter((v) => !state || stateOf(v, today) === state)
    .filter((v) => !text || v.code.toLowerCase().includes(text) || v.label.toLowerCase().includes(text))
    .sort((a, b) => compare(a, b, query.sort) * (query.desc ? -1 : 1));
  return {
    title: pageTitle(t("title"), t),
    vouchers: matching.slice(query.offset, query.offset + query.limit).map((v) => ({ ...v, state: stateOf(v, today) })),
    more: matching.length > query.offset + query.limit,
    query,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { staff, form } = await readStaffForm(request, context, "marketing.createVoucher");
  const submission = parseForm(form, voucherSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = await createVoucher(context.env.DB, staff, submission.value);
  if (!result.ok) {
    return data(
      { result: submission.reply({ fieldErrors: { code: ["staffMarketing:error.codeTaken"] } }) },
      { status: 409 },
    );
  }
  throw redirect("/staff/marketing", {
    headers: {
      "Set-Cookie": await flashNotice(context.env, [
        { type: "success", key: "staffMarketing:create.done", values: { code: submission.value.code } },
      ]),
    },
  });
}

type Row = VoucherListing & { state: VoucherState };
const column = createColumnHelper<Row>();

function valueText(v: Row, t: (key: string) => string): string {
  if (v.kind === "fixed") return formatEuro(v.value);
  if (v.kind === "percent") return `${v.value}\u00a0%`;
  return t("vouchers.kinds.freeShipping");
}

function useColumns() {
  const { t } = useTranslation("staffMarketing");
  return [
    column.accessor("code", {
      id: "code",
      header: t("vouchers.code"),
      enableSorting: true,
      cell: (info) => <span className="mark">{info.getValue()}</span>,
    }),
    column.accessor("label", { header: t("vouchers.label") }),
    column.display({ id: "value", header: t("vouchers.value"), cell: (info) => valueText(info.row.original, t) }),
    column.accessor("minOrderCents", {
      header: t("vouchers.minOrder"),
      cell: (info) => (info.getValue() > 0 ? formatEuro(info.getValue()) : "–"),
    }),
    column.accessor("validUntil", {
      id: "validUntil",
      header: t("vouchers.validUntil"),
      enableSorting: true,
      cell: (info) => {
        const until = info.getValue();
        return until ? formatGermanDate(until) : t("vouchers.noEnd");
      },
    }),
    column.accessor("uses", {
      id: "uses",
      header: t("vouchers.limit"),
      enableSorting: true,
      cell: (info) => {
        const v = info.row.original;
        const uses =
          v.usageLimit === null
            ? t("vouchers.usesUnlimited", { uses: v.uses })
            : t("vouchers.usesOf", { uses: v.uses, limit: v.usageLimit });
        return v.oncePerCustomer ? `${uses}, ${t("vouchers.once")}` : uses;
      },
    }),
    column.accessor("createdAt", {
      id: "createdAt",
      header: t("vouchers.created"),
      enableSorting: true,
      cell: (info) => {
        const v = info.row.original;
        if (v.createdAt === null) return t("vouchers.seed");
        return `${formatGermanDate(new Date(v.createdAt * 1000).toISOString())}, ${v.createdBy ?? ""}`;
      },
    }),
    column.accessor("state", {
      header: t("vouchers.state"),
      cell: (info) => <ToggleVoucher voucher={info.row.original} />,
    }),
  ];
}

/** The voucher's state, and the button that switches it off or on again. */
function ToggleVoucher({ voucher }: { voucher: Row }) {
  const { t } = useTranslation("staffMarketing");
  return (
    <Form method="post" action="/staff/marketing/toggle" className="staff-decision">
      <AuthenticityTokenInput />
      <input type="hidden" name="code" value={voucher.code} />
      <input type="hidden" name="active" value={voucher.active ? "0" : "1"} />
      <span>{t(`vouchers.${voucher.state}`)}</span>
      <button type="submit" className="button button-secondary">
        {voucher.active ? t("vouchers.deactivate") : t("vouchers.reactivate")}
        <span className="visually-hidden"> {voucher.code}</span>
      </button>
    </Form>
  );
}

function Filters() {
  const { t } = useTranslation("staffMarketing");
  const { t: ts } = useTranslation("staff");
  const [params] = useSearchParams();
  return (
    <Form method="get" className="staff-filters">
      <div className="field">
        <label htmlFor="vouchers-q">{t("vouchers.search")}</label>
        <input id="vouchers-q" name="q" type="search" defaultValue={params.get("q") ?? ""} />
      </div>
      <div className="field">
        <label htmlFor="vouchers-state">{t("vouchers.filterState")}</label>
        <select id="vouchers-state" name="state" defaultValue={params.get("state") ?? ""}>
          <option value="">{t("vouchers.allStates")}</option>
          {STATES.map((state) => (
            <option key={state} value={state}>
              {t(`vouchers.${state}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button-secondary">
        {ts("list.filter")}
      </button>
    </Form>
  );
}

export default function StaffVouchers() {
  const { vouchers, more, query } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("staffMarketing");
  return (
    <>
      <h1>{t("title")}</h1>
      <Filters />
      <div className="voucher-list">
        <StaffTable
          rows={vouchers}
          columns={useColumns()}
          sort={query.sort}
          desc={query.desc}
          page={query.page}
          more={more}
          caption={t("vouchers.caption")}
          rowKey={(v) => v.code}
        />
      </div>
      <VoucherForm lastResult={actionData?.result} />
    </>
  );
}
