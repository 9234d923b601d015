import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PayoutForm } from "~/components/staff/cooperative/PayoutForm";
import { formatGermanDate } from "~/domain/content/date";
import { formatEuro } from "~/domain/money/format";
import { noticeById, recordPayout } from "~/domain/share/payout.server";
import { payoutSchema } from "~/domain/share/schema";
import { berlinToday } from "~/domain/time/berlin";
import { readStaffForm } from "~/http/staff/staff-form.server";
import { requireStaff } from "~/http/staff/staff-identity.server";
import { pageTitle, useTranslation } from "~/i18n/texts";
import { redirectWithNotice } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";
import { translator } from "~/platform/i18n.server";
import { notFound } from "~/platform/route-data.server";

export const handle = { i18n: ["staff", "staffCooperative"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

const LIST = "/staff/cooperative/notices";

async function findNotice(db: D1Database, id: string | undefined) {
  const notice = await noticeById(db, String(id).slice(0, 64));
  if (!notice) throw notFound();
  return notice;
}

/** One notice: its member, shares and dates, and the payout form once it has taken effect. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(request, context, "cooperative.read");
  const [notice, t] = await Promise.all([findNotice(context.env.DB, params.id), translator("staffCooperative")]);
  return { title: pageTitle(t("payout.title"), t), notice, today: berlinToday() };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { staff, form } = await readStaffForm(request, context, "cooperative.payout");
  const notice = await findNotice(context.env.DB, params.id);
  const submission = parseForm(form, payoutSchema(notice.effectiveAt, berlinToday()));
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = await recordPayout(context.env.DB, staff, notice.id, submission.value.paidOn);
  if (!result.ok && result.reason === "unknown") throw notFound();
  throw await redirectWithNotice(
    context.env,
    LIST,
    result.ok
      ? { type: "success", key: "staffCooperative:payout.done" }
      : {
          type: "warning",
          key:
            result.reason === "alreadyPaid"
              ? "staffCooperative:payout.failedAlreadyPaid"
              : "staffCooperative:payout.failedNotDue",
        },
  );
}

export default function RecordPayout() {
  const { notice: n, today } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("staffCooperative");
  return (
    <div className="page-narrow">
      <h1>{t("payout.title")}</h1>
      <p>{t("payout.intro")}</p>
      <dl className="staff-facts">
        <dt>{t("payout.member")}</dt>
        <dd>{t("notices.memberLine", { name: n.name, number: n.memberNumber })}</dd>
        <dt>{t("payout.shares")}</dt>
        <dd>{n.quantity}</dd>
        <dt>{t("payout.received")}</dt>
        <dd>{formatGermanDate(n.receivedOn)}</dd>
        <dt>{t("payout.effective")}</dt>
        <dd>{formatGermanDate(n.effectiveAt)}</dd>
        <dt>{t("payout.dueBy")}</dt>
        <dd>{formatGermanDate(n.payoutDueBy)}</dd>
        <dt>{t("payout.amount")}</dt>
        <dd>{formatEuro(n.valueCents)}</dd>
      </dl>
      {n.state === "due" ? (
        <PayoutForm effectiveAt={n.effectiveAt} today={today} lastResult={actionData?.result} />
      ) : (
        <p className="form-message form-message-info">
          {n.state === "paid" && n.paidOn
            ? t("payout.alreadyPaid", {
                amount: formatEuro(n.paidCents ?? n.valueCents),
                date: formatGermanDate(n.paidOn),
              })
            : t("payout.notYet", { date: formatGermanDate(n.effectiveAt) })}
        </p>
      )}
    </div>
  );
}
