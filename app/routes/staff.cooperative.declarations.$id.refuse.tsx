import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RefusalForm } from "~/components/staff/cooperative/RefusalForm";
import { AddressLines } from "~/components/ui/AddressLines";
import { formatGermanDate, formatGermanDateTime } from "~/domain/content/date";
import { formatEuro } from "~/domain/money/format";
import { declarationInReview, refuseDeclaration } from "~/domain/share/cooperative.server";
import { refusalSchema } from "~/domain/share/schema";
import { readStaffForm } from "~/http/staff/staff-form.server";
import { requireStaff } from "~/http/staff/staff-identity.server";
import { pageTitle, useTranslation } from "~/i18n/texts";
import { redirectWithNotice } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";
import { translator } from "~/platform/i18n.server";

export const handle = { i18n: ["staff", "staffCooperative"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

const QUEUE = "/staff/cooperative";

/** Back to the queue: the declaration is decided already (or never was one). */
const decided = (context: LoaderFunctionArgs["context"]) =>
  redirectWithNotice(context.env, QUEUE, { type: "warning", key: "staffCooperative:declarations.decided" });

/** The declaration to refuse, and the form for the reason she is told. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(request, context, "cooperative.read");
  const [declaration, t] = await Promise.all([
    declarationInReview(context.env.DB, String(params.id).slice(0, 64)),
    translator("staffCooperative"),
  ]);
  if (!declaration) throw await decided(context);
  return { title: pageTitle(t("refuse.title"), t), declaration };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { staff, form } = await readStaffForm(request, context, "cooperative.refuse");
  const submission = parseForm(form, refusalSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = await refuseDeclaration(
    context.env.DB,
    staff,
    String(params.id).slice(0, 64),
    submission.value.reason,
  );
  if (!result.ok) throw await decided(context);
  throw await redirectWithNotice(context.env, QUEUE, { type: "success", key: "staffCooperative:refuse.done" });
}

export default function RefuseDeclaration() {
  const { declaration: d } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("staffCooperative");
  return (
    <div className="page-narrow">
      <h1>{t("refuse.title")}</h1>
      <p>{t("refuse.intro")}</p>
      <section className="staff-card" aria-labelledby="refused-declaration">
        <h2 id="refused-declaration">{t("refuse.declaration")}</h2>
        <dl className="staff-facts">
          <dt>{t("declarations.column.name")}</dt>
          <dd>
            {d.name}, {d.email}
          </dd>
          <dt>{t("declarations.column.dob")}</dt>
          <dd>{formatGermanDate(d.dob)}</dd>
          <dt>{t("declarations.column.address")}</dt>
          <dd>
            <AddressLines address={d.address} />
          </dd>
          <dt>{t("declarations.column.quantity")}</dt>
          <dd>{t("declarations.shares", { count: d.quantity, total: formatEuro(d.valueCents) })}</dd>
          <dt>{t("declarations.column.signed")}</dt>
          <dd>{formatGermanDateTime(d.signedAt)}</dd>
        </dl>
      </section>
      <RefusalForm lastResult={actionData?.result} />
    </div>
  );
}
