import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FormMessage, TextField, useClearPasswords } from "~/components/form/Field";
import type { CustomerProfile } from "~/domain/customer/customer";
import { changeEmailSchema, changePasswordSchema, profileSchema } from "~/domain/customer/schema";
import { zodValidation } from "~/components/form/zodValidation";
import { NewPasswordFields } from "./NewPasswordFields";
import { PersonFields } from "./PersonFields";

type LastResult = SubmissionResult<string[]> | undefined;

/** The three forms of "Persönliche Daten", each its own intent of the page's action. */
export function ProfileForm({
  profile,
  today,
  lastResult,
}: {
  profile: CustomerProfile;
  today: string;
  lastResult: LastResult;
}) {
  const { t } = useTranslation("account");
  const [form, fields] = useForm({
    id: "profile",
    lastResult,
    defaultValue: {
      firstName: profile.firstname,
      lastName: profile.lastname,
      dob: profile.dob ?? "",
      telephone: profile.telephone,
      gender: profile.gender,
    },
    ...zodValidation(profileSchema(today)),
  });
  return (
    <section className="account-section" aria-labelledby="profile-title">
      <h2 id="profile-title">{t("customer.profile")}</h2>
      <Form method="post" {...getFormProps(form)} noValidate>
        <AuthenticityTokenInput />
        <FormMessage errors={form.errors} id={form.errorId} />
        <PersonFields fields={fields} today={today} />
        <button type="submit" name="intent" value="profile" className="button button-primary">
          {t("customer.saveProfile")}
        </button>
      </Form>
    </section>
  );
}

export function ChangeEmailForm({ currentEmail, lastResult }: { currentEmail: string; lastResult: LastResult }) {
  const { t } = useTranslation("account");
  const [form, fields] = useForm({ id: "email", lastResult, ...zodValidation(changeEmailSchema) });
  useClearPasswords("email", lastResult);
  return (
    <section className="account-section" aria-labelledby="email-title">
      <h2 id="email-title">{t("customer.email")}</h2>
      <p>{t("customer.currentEmail", { email: currentEmail })}</p>
      <Form method="post" {...getFormProps(form)} noValidate>
        <AuthenticityTokenInput />
        <FormMessage errors={form.errors} id={form.errorId} />
        <div className="field-row">
          <TextField field={fields.newEmail} label={t("fields.newEmail")} type="email" autoComplete="email" />
          <TextField
            field={fields.newEmailConfirm}
            label={t("fields.newEmailConfirm")}
            type="email"
            autoComplete="email"
          />
        </div>
        <TextField
          field={fields.password}
          label={t("fields.password")}
          type="password"
          autoComplete="current-password"
        />
        <button type="submit" name="intent" value="email" className="button button-secondary">
          {t("customer.changeEmail")}
        </button>
      </Form>
    </section>
  );
}

export function ChangePasswordForm({ lastResult }: { lastResult: LastResult }) {
  const { t } = useTranslation("account");
  const [form, fields] = useForm({ id: "password", lastResult, ...zodValidation(changePasswordSchema) });
  useClearPasswords("password", lastResult);
  return (
    <section className="account-section" aria-labelledby="password-title">
      <h2 id="password-title">{t("customer.password")}</h2>
      <Form method="post" {...getFormProps(form)} noValidate>
        <AuthenticityTokenInput />
        <FormMessage errors={form.errors} id={form.errorId} />
        <TextField
          field={fields.currentPassword}
          label={t("fields.currentPassword")}
          type="password"
          autoComplete="current-password"
        />
        <div className="field-row">
          <NewPasswordFields fields={fields} label="newPassword" />
        </div>
        <button type="submit" name="intent" value="password" className="button button-secondary">
          {t("customer.changePassword")}
        </button>
      </Form>
    </section>
  );
}
