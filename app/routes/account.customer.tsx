import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation, pageTitle } from "~/i18n/texts";
import { ChangeEmailForm, ChangePasswordForm, ProfileForm } from "~/components/account/CustomerForms";
import { changePassword, loadProfile, requestEmailChange, updateProfile } from "~/domain/customer/customer.server";
import { changeEmailSchema, changePasswordSchema, profileSchema } from "~/domain/customer/schema";
import { berlinToday } from "~/domain/time/berlin";
import { requireSession } from "~/platform/auth.server";
import { PRIVATE_CACHE_CONTROL, privatePageHeaders } from "~/platform/edge-cache.server";
import { redirectWithNotice } from "~/platform/flash.server";
import { parseForm, readForm, unknownIntent } from "~/platform/form.server";
import { translator } from "~/platform/i18n.server";
import { PASSWORD_REFUSALS, withPasswordConfirmation } from "~/http/customer/password-confirmation.server";
import { MARKETING_PAGE } from "~/domain/marketing/href";

export const headers = privatePageHeaders;

export const handle = { i18n: ["account", "marketing"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title ?? "" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { customer } = await requireSession(request, context);
  const profile = await loadProfile(context.env.DB, customer.id);
  if (!profile) throw new Response("Not Found", { status: 404 });
  const t = await translator("account");
  return data(
    { profile, today: berlinToday(), title: pageTitle(t("customer.title"), t) },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

const PASSWORDS = ["password", "currentPassword", "passwordConfirm"];

export async function action({ request, context }: ActionFunctionArgs) {
  const { customer, idHash } = await requireSession(request, context);
  const { env } = context;
  const form = await readForm(request, context);
  const intent = form.get("intent");
  const back = (key: string, values?: Record<string, string>) =>
    redirectWithNotice(env, "/account/customer", { type: "success", key: `account:${key}`, values });
  switch (intent) {
    case "profile": {
      const submission = parseForm(form, profileSchema(berlinToday()));
      if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
      await updateProfile(env.DB, customer.id, submission.value);
      throw await back("customer.profileSaved");
    }
    case "email": {
      const submission = parseForm(form, changeEmailSchema);
      if (submission.status !== "success")
        return data({ intent, result: submission.reply({ hideFields: PASSWORDS }) }, { status: 400 });
      const outcome = await withPasswordConfirmation(context, customer.id, () =>
        requestEmailChange(
          env,
          customer.id,
          submission.value.password,
          submission.value.newEmail,
          new URL(request.url).origin,
        ),
      );
      if (outcome === null)
        return data(
          {
            intent,
            result: submission.reply({
              fieldErrors: { password: [PASSWORD_REFUSALS.throttled.key] },
              hideFields: PASSWORDS,
            }),
          },
          { status: PASSWORD_REFUSALS.throttled.status },
        );
      if (outcome === "wrongPassword")
        return data(
          {
            intent,
            result: submission.reply({
              fieldErrors: { password: [PASSWORD_REFUSALS.wrongPassword.key] },
              hideFields: PASSWORDS,
            }),
          },
          { status: PASSWORD_REFUSALS.wrongPassword.status },
        );
      if (outcome === "emailTaken")
        return data(
          {
            intent,
            result: submission.reply({
              fieldErrors: { newEmail: ["account:customer.emailTaken"] },
              hideFields: PASSWORDS,
            }),
          },
          { status: 409 },
        );
      throw await back("customer.emailRequested", { email: submission.value.newEmail });
    }
    case "password": {
      const submission = parseForm(form, changePasswordSchema);
      if (submission.status !== "success")
        return data({ intent, result: submission.reply({ hideFields: PASSWORDS }) }, { status: 400 });
      const outcome = await withPasswordConfirmation(context, customer.id, () =>
        changePassword(env, customer.id, idHash, submission.value.currentPassword, submission.value.password),
      );
      if (outcome === null)
        return data(
          {
            intent,
            result: submission.reply({
              fieldErrors: { currentPassword: [PASSWORD_REFUSALS.throttled.key] },
              hideFields: PASSWORDS,
            }),
          },
          { status: PASSWORD_REFUSALS.throttled.status },
        );
      if (outcome !== "done") {
        return data(
          {
            intent,
            result: submission.reply({
              fieldErrors: { currentPassword: [PASSWORD_REFUSALS.wrongPassword.key] },
              hideFields: PASSWORDS,
            }),
          },
          { status: PASSWORD_REFUSALS.wrongPassword.status },
        );
      }
      throw await back("customer.passwordChanged");
    }
    default:
      throw unknownIntent();
  }
}

export default function PersonalData() {
  const { profile, today } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["account", "marketing"]);
  const resultOf = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  return (
    <div className="account-page">
      <h1>{t("customer.title")}</h1>
      <ProfileForm profile={profile} today={today} lastResult={resultOf("profile")} />
      <ChangeEmailForm currentEmail={profile.email} lastResult={resultOf("email")} />
      <ChangePasswordForm lastResult={resultOf("password")} />
      <section className="account-section" aria-labelledby="marketing-title">
        <h2 id="marketing-title">{t("marketing:title")}</h2>
        <p>{t("marketing:account.linkIntro")}</p>
        <Link to={MARKETING_PAGE}>{t("marketing:account.link")}</Link>
      </section>
      <section className="account-section" aria-labelledby="delete-title">
        <h2 id="delete-title">{t("customer.deleteHeadline")}</h2>
        <p>{t("customer.deleteText")}</p>
      </section>
    </div>
  );
}
