import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FieldErrors, FormMessage } from "~/components/form/Field";
import { zodValidation } from "~/components/form/zodValidation";
import { newsletterChosen, type MarketingState } from "~/domain/marketing/preferences";
import { preferencesSchema } from "~/domain/marketing/schema";
import { useTranslation } from "~/i18n/texts";

/** A checkbox with its explanation (and, for the newsletter, its state) read out with it. */
function Switch({ field, label, hint }: { field: FieldMetadata<unknown>; label: string; hint: string }) {
  const props = getInputProps(field, { type: "checkbox", ariaAttributes: false });
  const hintId = `${field.id}-hint`;
  const invalid = Boolean(field.errors?.length);
  return (
    <div className={invalid ? "field field-checkbox has-error" : "field field-checkbox"}>
      <input
        {...props}
        key={props.key}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${hintId} ${field.errorId}` : hintId}
      />
      <label htmlFor={field.id}>{label}</label>
      <p className="field-hint marketing-hint" id={hintId}>
        {hint}
      </p>
      <FieldErrors field={field} />
    </div>
  );
}

function newsletterStatus(state: MarketingState): string {
  if (state.newsletter === "pending") return state.confirmationOpen ? "pending" : "pendingExpired";
  return state.newsletter;
}

/** The signed-in customer's three switches; the newsletter takes effect after its confirmation. */
export function PreferencesForm({
  email,
  state,
  lastResult,
}: {
  email: string;
  state: MarketingState;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("marketing");
  const navigation = useNavigation();
  const on = (value: boolean) => (value ? "on" : undefined);
  const [form, fields] = useForm({
    id: "marketing-preferences",
    lastResult,
    defaultValue: {
      newsletter: on(newsletterChosen(state.newsletter)),
      personalisedOffers: on(state.personalisedOffers),
      postalAdvertising: on(state.postalAdvertising),
    },
    ...zodValidation(preferencesSchema, "marketing:form.failed"),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate>
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="preferences" />
      <FormMessage errors={form.errors} id={form.errorId} />
      <fieldset className="consents">
        <legend>{t("account.legend")}</legend>
        <Switch
          field={fields.newsletter}
          label={t("account.newsletter")}
          hint={`${t(`account.status.${newsletterStatus(state)}`)}. ${t("account.newsletterHint", { email })}`}
        />
        <Switch
          field={fields.personalisedOffers}
          label={t("account.personalisedOffers")}
          hint={t("account.personalisedOffersHint")}
        />
        <Switch
          field={fields.postalAdvertising}
          label={t("account.postalAdvertising")}
          hint={t("account.postalAdvertisingHint")}
        />
      </fieldset>
      <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
        {t("account.submit")}
      </button>
    </Form>
  );
}
