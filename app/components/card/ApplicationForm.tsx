import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n/texts";
import { Trans } from "~/i18n/Trans";
import { CheckboxField, FieldErrors, FormMessage, SelectField, TextField } from "~/components/form/Field";
import { zodValidation } from "~/components/form/zodValidation";
import { StoreChoice } from "~/components/store/StoreChoice";
import type { ApplicantProfile } from "~/domain/card/application.server";
import { nameOnCard } from "~/domain/card/name-on-card";
import { applicationSchema } from "~/domain/card/schema";
import { formatGermanDate } from "~/domain/content/date";
import type { StoreCandidate } from "~/domain/store/choice";

/**
 * The card application: the campaign store, the applicant's details, the SEPA mandate with its
 * eight-week note, and the consents. The date of birth and the printed name come from the profile.
 * Without JavaScript the store search posts this form with the intent "findStore" (or "moreStores"),
 * and the action sends it back as it was, so nothing typed is lost (decision 0023).
 */
export function ApplicationForm({
  profile,
  stores,
  postcode,
  storeSearch,
  allStores,
  lastResult,
}: {
  profile: ApplicantProfile & { dob: string };
  stores: StoreCandidate[];
  postcode: string | null;
  storeSearch: string;
  allStores: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation(["cards", "account"]);
  const [form, fields] = useForm({
    id: "card-application",
    lastResult,
    defaultValue: {
      gender: profile.gender,
      telephone: profile.telephone,
      sepaHolder: `${profile.firstname} ${profile.lastname}`,
    },
    ...zodValidation(applicationSchema),
  });
  const legalLink = (slug: string) => <Link to={`/pages/legal/${slug}`} target="_blank" />;
  return (
    <Form method="post" {...getFormProps(form)} noValidate>
      <AuthenticityTokenInput />
      <FormMessage errors={form.errors} id={form.errorId} />
      <StoreChoice
        id="application-store"
        candidates={stores}
        postcode={postcode}
        search={storeSearch}
        showAll={allStores}
        chosenId={fields.storeId.initialValue ?? null}
        radioName={fields.storeId.name}
        searchName="storeSearch"
        searchAs={{ name: "intent", value: "findStore" }}
        moreAs={{ name: "intent", value: "moreStores" }}
        legend={t("application.store")}
        errors={<FieldErrors field={fields.storeId} />}
        errorId={fields.storeId.errors?.length ? fields.storeId.errorId : undefined}
      />
      <SelectField
        field={fields.gender}
        label={t("application.gender")}
        autoComplete="sex"
        options={(["m", "w", "d"] as const).map((g) => ({ value: g, label: t(`account:fields.genders.${g}`) }))}
      />
      <dl className="application-facts">
        <div>
          <dt>{t("application.nameOnCard")}</dt>
          <dd>
            {nameOnCard(profile.firstname, profile.lastname)}
            <span className="field-hint"> ({t("application.nameOnCardHint")})</span>
          </dd>
        </div>
        <div>
          <dt>{t("application.dob")}</dt>
          <dd>
            {formatGermanDate(profile.dob)} <span className="field-hint">({t("application.dobFromProfile")})</span>
          </dd>
        </div>
      </dl>
      <TextField
        field={fields.telephone}
        label={t("application.telephone")}
        type="tel"
        autoComplete="tel"
        hint={t("application.telephoneHint")}
      />
      <fieldset className="sepa-fields">
        <legend>{t("application.sepaLegend")}</legend>
        <TextField field={fields.sepaHolder} label={t("application.sepaHolder")} autoComplete="name" />
        <TextField field={fields.sepaBank} label={t("application.sepaBank")} />
        <TextField field={fields.iban} label={t("application.iban")} autoComplete="off" />
        <TextField field={fields.bic} label={t("application.bic")} autoComplete="off" />
        <CheckboxField field={fields.sepaConsent}>{t("application.sepaConsent")}</CheckboxField>
        <p className="field-hint">{t("application.sepaRevocation")}</p>
      </fieldset>
      <fieldset className="consents">
        <legend>{t("application.consentsLegend")}</legend>
        <CheckboxField field={fields.terms}>
          <Trans t={t} i18nKey="application.terms" components={{ 1: legalLink("kundenkarte") }} />
        </CheckboxField>
        <CheckboxField field={fields.privacy}>
          <Trans t={t} i18nKey="application.privacy" components={{ 1: legalLink("datenschutz") }} />
        </CheckboxField>
      </fieldset>
      <div className="button-row">
        <button type="submit" className="button button-primary">
          {t("application.submit")}
        </button>
        <Link to="/account/cards" className="button button-secondary">
          {t("application.cancel")}
        </Link>
      </div>
    </Form>
  );
}
