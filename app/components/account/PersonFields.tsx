import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/i18n/texts";
import { SelectField, TextField } from "~/components/form/Field";

/** Name, date of birth, phone and gender: the same fields in registration and profile. */
export function PersonFields({
  fields,
  today,
  phoneHint,
}: {
  /** The form's fields; those named firstName, lastName, dob, telephone and gender are used. */
  fields: Record<string, FieldMetadata<unknown>>;
  today: string;
  phoneHint?: string;
}) {
  const { t } = useTranslation("account");
  return (
    <>
      <SelectField
        field={fields.gender}
        label={t("fields.gender")}
        autoComplete="sex"
        options={(["m", "w", "d"] as const).map((g) => ({ value: g, label: t(`fields.genders.${g}`) }))}
      />
      <div className="field-row">
        <TextField field={fields.firstName} label={t("fields.firstName")} autoComplete="given-name" />
        <TextField field={fields.lastName} label={t("fields.lastName")} autoComplete="family-name" />
      </div>
      <div className="field-row">
        <TextField field={fields.dob} label={t("fields.dob")} type="date" autoComplete="bday" max={today} />
        <TextField
          field={fields.telephone}
          label={t("fields.telephone")}
          type="tel"
          autoComplete="tel"
          required={false}
          hint={phoneHint}
        />
      </div>
    </>
  );
}
