import { type FieldMetadata, getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n/texts";
import { Trans } from "~/i18n/Trans";
import { CheckboxField, FieldErrors, FormMessage, TextField } from "~/components/form/Field";
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
        <AddressChoice field={fields.addressId} addresses={addresses} />
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

/**
 * The address for the member list as a choice of whole lines, as in the checkout: a select cut a
 * long address ("Karl-Liebknecht-Straße 45, 3. OG links, …") off on a 360 px phone.
 */
function AddressChoice({ field, addresses }: { field: FieldMetadata<string>; addresses: Address[] }) {
  const { t } = useTranslation("shares");
  const invalid = field.errors?.length ? { "aria-invalid": true, "aria-describedby": field.errorId } : {};
  return (
    <fieldset className="choice-list" aria-describedby={`${field.id}-hint`}>
      <legend>{t("declaration.address")}</legend>
      {addresses.map((a) => (
        <label key={a.id} className="choice">
          <input
            type="radio"
            name={field.name}
            value={a.id}
            defaultChecked={String(a.id) === field.initialValue}
            {...invalid}
          />
          <span className="choice-text">{addressLine(a)}</span>
        </label>
      ))}
      <FieldErrors field={field} />
      <p className="field-hint" id={`${field.id}-hint`}>
        {t("declaration.addressHint")}
      </p>
    </fieldset>
  );
}
