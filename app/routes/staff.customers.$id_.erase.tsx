import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FormMessage, TextField } from "~/components/form/Field";
import { zodValidation } from "~/components/form/zodValidation";
import { formatEuro } from "~/domain/money/format";
import { loadSupportAccount } from "~/domain/support/account.server";
import { eraseCustomer, erasureBlocker } from "~/domain/support/gdpr.server";
import { eraseSchema } from "~/domain/support/schema";
import { pageTitle, useTranslation } from "~/i18n/texts";
import { customerIdOf, customerPath, redirectWithCustomerNotice } from "~/http/staff/customers.server";
import { readStaffForm } from "~/http/staff/staff-form.server";
import { requireStaff } from "~/http/staff/staff-identity.server";
import { parseForm } from "~/platform/form.server";
import { translator } from "~/platform/i18n.server";
import { notFound } from "~/platform/route-data.server";

export const handle = { i18n: ["staff", "staffCustomers"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

/** The erasure's confirmation page: what goes, what stays, and whether anything holds it up. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(request, context, "customers.erase");
  const id = customerIdOf(params);
  const db = context.env.DB;
  const [account, blocker, t] = await Promise.all([
    loadSupportAccount(db, id),
    erasureBlocker(db, id),
    translator("staffCustomers"),
  ]);
  if (!account) throw notFound();
  if (account.customer.erasedAt) throw redirect(customerPath(id));
  const name = `${account.customer.firstname} ${account.customer.lastname}`;
  return {
    title: pageTitle(t("erase.title", { name }), t),
    id,
    name,
    email: account.customer.email,
    balanceCents: account.balance.balanceCents,
    blocker,
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { staff, form } = await readStaffForm(request, context, "customers.erase");
  const id = customerIdOf(params);
  const db = context.env.DB;
  const account = await loadSupportAccount(db, id);
  if (!account) throw notFound();
  const submission = parseForm(form, eraseSchema(account.customer.email));
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await eraseCustomer(db, context.env.ARCHIVE, staff, id);
  if (outcome === "notFound") throw notFound();
  if (outcome === "erased") return redirectWithCustomerNotice(context, id, "success", "erased");
  if (outcome === "changedMeanwhile") return redirectWithCustomerNotice(context, id, "error", "changedMeanwhile");
  return data({ result: submission.reply({ formErrors: [`staffCustomers:erase.${outcome}`] }) }, { status: 409 });
}

export default function EraseCustomer() {
  const { id, name, email, balanceCents, blocker } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { result?: SubmissionResult<string[]> } | undefined;
  const { t } = useTranslation("staffCustomers");
  const [form, fields] = useForm({
    id: "customer-erase",
    lastResult: actionData?.result,
    ...zodValidation(eraseSchema(email)),
    constraint: {},
  });
  return (
    <div className="page-narrow">
      <h1>{t("erase.title", { name })}</h1>
      <p>{t("erase.intro")}</p>
      {balanceCents > 0 ? <p>{t("erase.balance", { amount: formatEuro(balanceCents) })}</p> : null}
      {blocker ? (
        <p className="form-message form-message-error" role="alert">
          {t(`erase.${blocker}`)}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} noValidate>
        <AuthenticityTokenInput />
        <FormMessage errors={form.errors} id={form.errorId} />
        <TextField
          field={fields.email}
          label={t("erase.email")}
          hint={t("erase.emailHint", { email })}
          type="email"
          autoComplete="off"
        />
        <div className="button-row">
          <button type="submit" className="button button-primary" disabled={blocker !== null}>
            {t("erase.submit")}
          </button>
          <Link to={`/staff/customers/${id}`} className="button button-secondary">
            {t("erase.cancel")}
          </Link>
        </div>
      </Form>
    </div>
  );
}
