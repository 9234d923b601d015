import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FormMessage, SelectField, TextField, fieldToFocus } from "~/components/form/Field";
import type { Address } from "~/domain/customer/address";
import { addressSchema, COUNTRIES } from "~/domain/customer/schema";
import { zodValidation } from "~/components/form/zodValidation";

/** The fields of an address, for adding and editing. */
export function AddressForm({
  address,
  lastResult,
  submitLabel,
  cancelTo = "/account/address",
}: {
  address?: Address;
  /** Where "Abbrechen" leads: the page the dialog was opened from. */
  cancelTo?: string;
  lastResult: SubmissionResult<string[]> | undefined | null;
  submitLabel: string;
}) {
  const { t } = useTranslation("account");
  const [form, fields] = useForm({
    id: address ? `address-${address.id}` : "address-new",
    lastResult: lastResult ?? undefined,
    defaultValue: address
      ? {
          street: address.street,
          houseNumber: address.houseNumber,
          addressAddition: address.addressAddition,
          zip: address.zip,
          city: address.city,
          country: address.country,
        }
      : { country: "DE" },
    ...zodValidation(addressSchema, "account:address.saveFailed"),
  });
  // The form is a route dialog's: its first field, or after a refusal the first refused one, has the
  // focus when the page loads, with or without JavaScript (docs/decisions/0038).
  const focus = fieldToFocus(
    [fields.street, fields.houseNumber, fields.addressAddition, fields.zip, fields.city],
    true,
  );
  return (
    <Form method="post" {...getFormProps(form)} noValidate preventScrollReset>
      <AuthenticityTokenInput />
      <FormMessage errors={form.errors} id={form.errorId} />
      <div className="field-row field-row-street">
        <TextField
          field={fields.street}
          autoFocus={focus === fields.street.name}
          label={t("fields.street")}
          autoComplete="address-line1"
        />
        <TextField
          field={fields.houseNumber}
          autoFocus={focus === fields.houseNumber.name}
          label={t("fields.houseNumber")}
        />
      </div>
      <TextField
        field={fields.addressAddition}
        autoFocus={focus === fields.addressAddition.name}
        label={t("fields.addressAddition")}
        autoComplete="address-line2"
        required={false}
      />
      <div className="field-row field-row-city">
        <TextField
          field={fields.zip}
          autoFocus={focus === fields.zip.name}
          label={t("fields.zip")}
          autoComplete="postal-code"
          inputMode="numeric"
        />
        <TextField
          field={fields.city}
          autoFocus={focus === fields.city.name}
          label={t("fields.city")}
          autoComplete="address-level2"
        />
      </div>
      <SelectField
        field={fields.country}
        label={t("fields.country")}
        autoComplete="country"
        options={COUNTRIES.map((c) => ({ value: c, label: t(`fields.countries.${c}`) }))}
      />
      {address?.defaultShipping ? null : (
        <div className="field field-checkbox">
          <input {...getInputProps(fields.defaultShipping, { type: "checkbox" })} />
          <label htmlFor={fields.defaultShipping.id}>{t("address.useAsDefaultShipping")}</label>
        </div>
      )}
      {address?.defaultBilling ? null : (
        <div className="field field-checkbox">
          <input {...getInputProps(fields.defaultBilling, { type: "checkbox" })} />
          <label htmlFor={fields.defaultBilling.id}>{t("address.useAsDefaultBilling")}</label>
        </div>
      )}
      <div className="button-row">
        <button type="submit" className="button button-primary">
          {submitLabel}
        </button>
        <Link to={cancelTo} className="button button-secondary" preventScrollReset>
          {t("address.cancel")}
        </Link>
      </div>
    </Form>
  );
}
