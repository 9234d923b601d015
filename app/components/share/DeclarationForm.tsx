import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Trans, useTranslation } from "~/i18n/texts";
import { CheckboxField, FormMessage, SelectField, TextField } from "~/components/form/Field";
import { zodValidation } from "~/components/form/zodValidation";
import { addressLine } from "~/domain/address/format";
import { formatGermanDate } from "~/domain/content/date";
import type { Address } from "~/domain/customer/address";
import { formatEuro } from "~/domain/money/format";
import { MAX_DECLARATION_SHARES } from "~/domain/share/purchase";
import { declarationSchema } from "~/domain/share/schema";
import { SHARE_PRICE_CENTS } from "~/domain/share/share";

export interface Member {
  firstname: string;
  lastname: string;
  email: string;
  dob: string;
}

/**
 * The membership declaration: how many shares, the member's data from the profile (shown, not
 * editable here), the address for the member list, and the consents. Checked in the browser with
 * the action's schema; a failure on the server suggests starting again.
 */
export function DeclarationForm({
  member,
  addresses,
  suggestedAddressId,
  lastResult,
}: {
  member: Member;
  addresses: Address[];
  suggestedAddressId: number | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("shares");
  const [form, fields] = useForm({
    id: "share-declaration",
    lastResult,
    defaultValue: { quantity: "1", addressId: suggestedAddressId ? String(suggestedAddressId) : "" },
    ...zodValidation(declarationSchema),
    constraint: {},
  });
  const price = formatEuro(SHARE_PRICE_CENTS);
  const legalLink = (slug: string) => <Link to={`/pages/legal/${slug}`} target="_blank" />;
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="declaration-form">
      <AuthenticityTokenInput />
      <FormMessage errors={form.errors} id={form.errorId} />
      {form.errors?.length ? (
        <p>
          <Link to="/content/shares" reloadDocument>
            {t("declaration.restart")}
          </Link>
        </p>
      ) : null}
      <p>{t("declaration.intro", { price })}</p>
      <TextField
        field={fields.quantity}
        label={t("declaration.quantity")}
        hint={t("declaration.quantityHint", { max: MAX_DECLARATION_SHARES, price })}
        inputMode="numeric"
        autoComplete="off"
      />
      <fieldset className="member-data">
        <legend>{t("declaration.memberData")}</legend>
        <dl className="application-facts">
          <div>
            <dt>{t("declaration.name")}</dt>
            <dd>
              {member.firstname} {member.lastname}
            </dd>
          </div>
          <div>
            <dt>{t("declaration.dob")}</dt>
            <dd>{formatGermanDate(member.dob)}</dd>
          </div>
          <div>
            <dt>{t("declaration.email")}</dt>
            <dd>{member.email}</dd>
          </div>
        </dl>
        <p>
          <Link to="/account/customer">{t("declaration.profileLink")}</Link>
        </p>
        <SelectField
          field={fields.addressId}
          label={t("declaration.address")}
          options={addresses.map((a) => ({ value: String(a.id), label: addressLine(a) }))}
        />
        <p className="field-hint">{t("declaration.addressHint")}</p>
      </fieldset>
      <fieldset className="consents">
        <CheckboxField field={fields.statutes}>
          <Trans t={t} i18nKey="declaration.statutes" components={{ 1: legalLink("satzung") }} />
        </CheckboxField>
        <CheckboxField field={fields.privacy}>
          <Trans t={t} i18nKey="declaration.privacy" components={{ 1: legalLink("datenschutz") }} />
        </CheckboxField>
      </fieldset>
      <div className="button-row">
        <button type="submit" className="button button-primary">
          {t("declaration.submit")}
        </button>
      </div>
    </Form>
  );
}
