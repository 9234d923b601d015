import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { createColumnHelper } from "@tanstack/react-table";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { StaffTable } from "~/components/staff/StaffTable";
import { formatGermanDate } from "~/domain/content/date";
import { formatEuro } from "~/domain/money/format";
import { withdrawalRefundSchema } from "~/domain/refund/schema";
import { refundWithdrawal, withdrawnOrders } from "~/domain/refund/withdrawals.server";
import {
  WITHDRAWAL_FILTERS,
  WITHDRAWAL_SORTS,
  parseWithdrawalFilter,
  type WithdrawalRow,
} from "~/domain/refund/withdrawals";
import { pageTitle, useTranslation } from "~/i18n/texts";
import { FilterSearch, FilterSelect, StaffFilterForm } from "~/components/staff/StaffFilters";
import { filterText, readListQuery } from "~/http/staff/list-query.server";
import { refundNotice } from "~/http/staff/refund-notice.server";
import { readStaffForm } from "~/http/staff/staff-form.server";
import { requireStaff } from "~/http/staff/staff-identity.server";
import { redirectWithNotice } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";
import { translator } from "~/platform/i18n.server";
import { paymentProviderNamed } from "~/platform/payment.server";

/**
 * The withdrawals queue (issue 32 §3): withdrawn orders with the day their refund is due (§357
 * BGB), overdue first; "Erstatten" refunds what is left through the refund module. Sort, filter and
 * page live in the URL (StaffTable, a GET form), so it all works without JavaScript.
 */
export const handle = { i18n: ["staff", "staffOrders"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "withdrawals.read");
  const params = new URL(request.url).searchParams;
  const list = readListQuery(params, { sorts: WITHDRAWAL_SORTS, defaultSort: "due" });
  const filter = parseWithdrawalFilter(params.get("state"));
  const text = filterText(params, "q", 100);
  const [{ rows, more }, t] = await Promise.all([
    withdrawnOrders(context.env.DB, { ...list, filter, text }),
    translator("staffOrders"),
  ]);
  return { title: pageTitle(t("withdrawals.title"), t), rows, more, list, filter, text: text ?? "" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { staff, form } = await readStaffForm(request, context, "withdrawals.refund");
  const submission = parseForm(form, withdrawalRefundSchema);
  if (submission.status !== "success")
    throw await redirectWithNotice(context.env, "/staff/withdrawals", {
      type: "error",
      key: "staffOrders:withdrawals.unknownOrder",
    });
  const number = submission.value.order;
  const result = await refundWithdrawal(
    context.env.DB,
    (name) => paymentProviderNamed(context.env, name),
    staff,
    number,
    new URL(request.url).origin,
  );
  if (result.ok && result.pageUrl) throw redirect(result.pageUrl);
  throw await redirectWithNotice(context.env, "/staff/withdrawals", await refundNotice(context.env.DB, result, number));
}

const column = createColumnHelper<WithdrawalRow>();

export default function WithdrawalsQueue() {
  const { rows, more, list, filter, text } = useLoaderData<typeof loader>();
  const { t } = useTranslation("staffOrders");
  const columns = [
    column.accessor("incrementId", { id: "number", header: t("withdrawals.column.number"), enableSorting: true }),
    column.accessor("customerName", {
      id: "customer",
      header: t("withdrawals.column.customer"),
      enableSorting: true,
      cell: (c) => (
        <>
          {c.getValue()}
          <br />
          <span className="staff-muted">{c.row.original.customerEmail}</span>
        </>
      ),
    }),
    column.accessor("withdrawnAt", {
      header: t("withdrawals.column.withdrawnAt"),
      cell: (c) => formatGermanDate(c.getValue()),
    }),
    column.accessor("dueAt", {
      id: "due",
      header: t("withdrawals.column.due"),
      enableSorting: true,
      cell: (c) => (
        <>
          {formatGermanDate(c.getValue())}
          {c.row.original.overdue ? <strong className="staff-overdue"> {t("withdrawals.overdue")}</strong> : null}
        </>
      ),
    }),
    column.accessor("refundableCents", { header: t("withdrawals.column.paid"), cell: (c) => formatEuro(c.getValue()) }),
    column.accessor("settledCents", {
      header: t("withdrawals.column.refunded"),
      cell: (c) => formatEuro(c.getValue()),
    }),
    column.accessor("state", {
      header: t("withdrawals.column.state"),
      cell: (c) => t(`withdrawals.state.${c.getValue()}`),
    }),
    column.display({
      id: "action",
      header: t("withdrawals.column.action"),
      cell: (c) =>
        c.row.original.remainingCents > 0 ? (
          <Form method="post" reloadDocument>
            <AuthenticityTokenInput />
            <input type="hidden" name="order" value={c.row.original.incrementId} />
            <button
              type="submit"
              className="button button-primary button-small"
              aria-label={t("withdrawals.refundLabel", {
                amount: formatEuro(c.row.original.remainingCents),
                number: c.row.original.incrementId,
              })}
            >
              {t("withdrawals.refund")}
            </button>
          </Form>
        ) : null,
    }),
  ];
  return (
    <div className="staff-page">
      <h1>{t("withdrawals.title")}</h1>
      <p>{t("withdrawals.intro")}</p>
      <p className="staff-law">{t("withdrawals.law")}</p>
      <StaffFilterForm label={t("withdrawals.filterTitle")} sort={list.sort} desc={list.desc}>
        <FilterSearch id="withdrawals-q" label={t("withdrawals.search")} value={text} />
        <FilterSelect
          id="withdrawals-state"
          name="state"
          label={t("withdrawals.filter.label")}
          value={filter}
          options={WITHDRAWAL_FILTERS}
          text={(f) => t(`withdrawals.filter.${f}`)}
        />
      </StaffFilterForm>
      <StaffTable
        rows={rows}
        columns={columns}
        sort={list.sort}
        desc={list.desc}
        page={list.page}
        more={more}
        caption={t("withdrawals.caption")}
        rowKey={(row) => String(row.incrementId)}
      />
    </div>
  );
}
