import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { AccessForms } from "~/components/staff/customers/AccessForms";
import { CreditForm } from "~/components/staff/customers/CreditForm";
import { Addresses, Balance, Cards, Orders, PersonalData, Shares } from "~/components/staff/customers/CustomerAccount";
import {
  blockCustomer,
  endCustomerSessions,
  resendActivationLink,
  unblockCustomer,
} from "~/domain/support/account-actions.server";
import { customerCore, loadSupportAccount } from "~/domain/support/account.server";
import { bookCredit } from "~/domain/support/credit.server";
import { creditSchema } from "~/domain/support/schema";
import { pageTitle, useTranslation } from "~/i18n/texts";
import { answerOutcome, customerIdOf, redirectWithCustomerNotice } from "~/http/staff/customers.server";
import { readStaffForm } from "~/http/staff/staff-form.server";
import { requireStaff } from "~/http/staff/staff-identity.server";
import { parseForm, unknownIntent } from "~/platform/form.server";
import { translator } from "~/platform/i18n.server";
import { notFound } from "~/platform/route-data.server";
import { randomToken } from "~/platform/tokens.server";

export const handle = { i18n: ["staff", "staffCustomers", "balance"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

/** Her account as support sees it, and a fresh token for the booking form. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(request, context, "customers.read");
  const id = customerIdOf(params);
  const [account, t] = await Promise.all([loadSupportAccount(context.env.DB, id), translator("staffCustomers")]);
  if (!account) throw notFound();
  return { title: pageTitle(t("account.title", { number: id }), t), account, creditToken: randomToken(18) };
}

const ACTIONS = {
  block: "customers.block",
  unblock: "customers.unblock",
  resendActivation: "customers.resendActivation",
  endSessions: "customers.endSessions",
  credit: "customers.credit",
} as const;

/** Every form of the page, by its intent; each its own staff action (role check, then CSRF). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = customerIdOf(params);
  const body = await request
    .clone()
    .formData()
    .catch(() => null);
  const intent = body?.get("intent");
  // own keys only: "constructor" or "__proto__" is no intent
  if (typeof intent !== "string" || !Object.hasOwn(ACTIONS, intent)) {
    await requireStaff(request, context, "customers.read");
    throw unknownIntent();
  }
  const { staff, form } = await readStaffForm(request, context, ACTIONS[intent as keyof typeof ACTIONS]);
  const db = context.env.DB;
  // the owner rule for staff: an id that is no customer is a 404, whatever the form holds
  if (!(await customerCore(db, id))) throw notFound();
  switch (intent) {
    case "block":
      return answerOutcome(context, id, await blockCustomer(db, staff, id), "blocked");
    case "unblock":
      return answerOutcome(context, id, await unblockCustomer(db, staff, id), "unblocked");
    case "resendActivation":
      return answerOutcome(
        context,
        id,
        await resendActivationLink(context.env, staff, id, new URL(request.url).origin),
        "resent",
      );
    case "endSessions":
      return answerOutcome(context, id, await endCustomerSessions(db, staff, id), "sessionsEnded");
    default: {
      const submission = parseForm(form, creditSchema);
      if (submission.status !== "success") return data({ credit: submission.reply() }, { status: 400 });
      const outcome = await bookCredit(db, staff, id, submission.value);
      if (outcome === "notFound") throw notFound();
      const type = outcome === "booked" ? "success" : outcome === "alreadyBooked" ? "info" : "error";
      return redirectWithCustomerNotice(context, id, type, outcome);
    }
  }
}

export default function StaffCustomer() {
  const { account, creditToken } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("staffCustomers");
  const { customer } = account;
  const erased = customer.erasedAt !== null;
  const name = erased ? t("account.erasedName") : `${customer.firstname} ${customer.lastname}`;
  return (
    <div className="staff-page">
      <p>
        <Link to="/staff/customers">{t("account.back")}</Link>
      </p>
      <h1>{name}</h1>
      <div className="staff-account">
        <PersonalData customer={customer} sessionCount={account.sessionCount} />
        <AccessForms customer={customer} />
        {erased ? null : (
          <CreditForm
            key={creditToken}
            token={creditToken}
            lastResult={(actionData as { credit?: SubmissionResult<string[]> } | undefined)?.credit}
          />
        )}
        <Balance balance={account.balance} />
        <Orders orders={account.orders} />
        <Addresses addresses={account.addresses} />
        <Cards cards={account.cards} />
        <Shares shares={account.shares} />
        <section aria-labelledby="customer-gdpr" className="staff-card">
          <h2 id="customer-gdpr">{t("gdpr.title")}</h2>
          <p>{t("gdpr.exportHint")}</p>
          <div className="button-row">
            <Form method="post" action={`/staff/customers/${customer.id}/export`} reloadDocument>
              <AuthenticityTokenInput />
              <button type="submit" className="button button-secondary">
                {t("gdpr.export")}
              </button>
            </Form>
            {erased ? null : (
              <Link to={`/staff/customers/${customer.id}/erase`} className="button button-secondary">
                {t("gdpr.erase")}
              </Link>
            )}
          </div>
        </section>
      </div>
    </div>
  );
}
