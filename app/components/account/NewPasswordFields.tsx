import type { FieldMetadata } from "@conform-to/react";
import { TextField } from "~/components/form/Field";
import { useTranslation } from "~/i18n/texts";

/**
 * A password chosen and typed again: registration ("Passwort"), the reset and the change in the
 * profile ("Neues Passwort"). The browser may offer a strong one for both fields.
 */
export function NewPasswordFields({
  fields,
  label,
}: {
  /** The form's fields; those named password and passwordConfirm are used. */
  fields: { password: FieldMetadata<unknown>; passwordConfirm: FieldMetadata<unknown> };
  /** Its name on the form: the first password of an account, or the new one of a reset or change. */
  label: "password" | "newPassword";
}) {
  const { t } = useTranslation("account");
  return (
    <>
      <TextField
        field={fields.password}
        label={t(`fields.${label}`)}
        type="password"
        autoComplete="new-password"
        hint={t("fields.passwordHint")}
      />
      <TextField
        field={fields.passwordConfirm}
        label={t(`fields.${label}Confirm`)}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
