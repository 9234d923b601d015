import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n/texts";
import { FormMessage, TextField, fieldToFocus, useClearPasswords } from "~/components/form/Field";
import { zodValidation } from "~/components/form/zodValidation";
import { PIN_LENGTH, type Card } from "~/domain/card/card";
import { pinChangeSchema, pinDisableSchema, pinSetSchema } from "~/domain/card/schema";

type LastResult = SubmissionResult<string[]> | undefined;

/** A PIN field: digits typed hidden, never filled in by the browser's password manager. */
function PinField({ field, label, focus }: { field: FieldMetadata<unknown>; label: string; focus?: string }) {
  return (
    <TextField
      field={field}
      label={label}
      type="password"
      inputMode="numeric"
      autoComplete="off"
      autoFocus={focus === field.name}
    />
  );
}

function PasswordField({ field, focus }: { field: FieldMetadata<unknown>; focus?: string }) {
  const { t } = useTranslation("cards");
  return (
    <TextField
      field={field}
      label={t("pin.password")}
      type="password"
      autoComplete="current-password"
      hint={t("pin.passwordHint")}
      autoFocus={focus === field.name}
    />
  );
}

function Buttons({ intent, label, danger }: { intent: string; label: string; danger?: boolean }) {
  const { t } = useTranslation("cards");
  return (
    <div className="button-row">
      <button
        type="submit"
        name="intent"
        value={intent}
        className={danger ? "button button-danger" : "button button-primary"}
      >
        {label}
      </button>
      <Link to="/account/cards" className="button button-secondary" preventScrollReset>
        {t("application.cancel")}
      </Link>
    </div>
  );
}

/**
 * The PIN dialog's forms: assign a first PIN; or change the PIN and disable it, each with the
 * password. The change form takes the focus when the dialog is shown, unless disabling just failed.
 */
export function PinForms({ card, intent, lastResult }: { card: Card; intent?: string; lastResult: LastResult }) {
  return card.hasPin ? (
    <>
      <PinChangeForm
        card={card}
        lastResult={intent === "change" ? lastResult : undefined}
        first={!(intent === "disable" && lastResult)}
      />
      <PinDisableForm card={card} lastResult={intent === "disable" ? lastResult : undefined} />
    </>
  ) : (
    <PinSetForm card={card} lastResult={intent === "set" ? lastResult : undefined} />
  );
}

function PinSetForm({ card, lastResult }: { card: Card; lastResult: LastResult }) {
  const { t } = useTranslation("cards");
  const id = `card-pin-set-${card.id}`;
  const [form, fields] = useForm({ id, lastResult, ...zodValidation(pinSetSchema) });
  useClearPasswords(id, lastResult);
  const focus = fieldToFocus([fields.pin, fields.pinRepeat], true);
  return (
    <Form method="post" {...getFormProps(form)} noValidate preventScrollReset>
      <AuthenticityTokenInput />
      <input type="hidden" name="version" value={card.version} />
      <p>{t("pin.intro")}</p>
      <FormMessage errors={form.errors} id={form.errorId} />
      <PinField field={fields.pin} label={t("pin.newPin", { count: PIN_LENGTH })} focus={focus} />
      <PinField field={fields.pinRepeat} label={t("pin.repeatPin")} focus={focus} />
      <Buttons intent="set" label={t("pin.assign")} />
    </Form>
  );
}

function PinChangeForm({ card, lastResult, first }: { card: Card; lastResult: LastResult; first: boolean }) {
  const { t } = useTranslation("cards");
  const id = `card-pin-change-${card.id}`;
  const [form, fields] = useForm({ id, lastResult, ...zodValidation(pinChangeSchema) });
  useClearPasswords(id, lastResult);
  const focus = fieldToFocus([fields.pin, fields.pinRepeat, fields.password], first);
  return (
    <Form method="post" {...getFormProps(form)} noValidate preventScrollReset aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t("pin.changeTitle")}</h3>
      <AuthenticityTokenInput />
      <input type="hidden" name="version" value={card.version} />
      <p>{t("pin.changeIntro")}</p>
      <FormMessage errors={form.errors} id={form.errorId} />
      <PinField field={fields.pin} label={t("pin.newPin", { count: PIN_LENGTH })} focus={focus} />
      <PinField field={fields.pinRepeat} label={t("pin.repeatPin")} focus={focus} />
      <PasswordField field={fields.password} focus={focus} />
      <Buttons intent="change" label={t("pin.change")} />
    </Form>
  );
}

function PinDisableForm({ card, lastResult }: { card: Card; lastResult: LastResult }) {
  const { t } = useTranslation("cards");
  const id = `card-pin-disable-${card.id}`;
  const [form, fields] = useForm({ id, lastResult, ...zodValidation(pinDisableSchema) });
  useClearPasswords(id, lastResult);
  const focus = fieldToFocus([fields.password], false);
  return (
    <Form method="post" {...getFormProps(form)} noValidate preventScrollReset aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t("pin.disableTitle")}</h3>
      <AuthenticityTokenInput />
      <input type="hidden" name="version" value={card.version} />
      <p>{t("pin.disableIntro")}</p>
      <FormMessage errors={form.errors} id={form.errorId} />
      <PasswordField field={fields.password} focus={focus} />
      <Buttons intent="disable" label={t("pin.disable")} danger />
    </Form>
  );
}
