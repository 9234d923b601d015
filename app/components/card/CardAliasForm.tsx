import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n/texts";
import { FormMessage, TextField } from "~/components/form/Field";
import { zodValidation } from "~/components/form/zodValidation";
import { ALIAS_MAX_LENGTH, type Card } from "~/domain/card/card";
import { aliasSchema } from "~/domain/card/schema";

export function CardAliasForm({ card, lastResult }: { card: Card; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("cards");
  const [form, fields] = useForm({
    id: `card-alias-${card.id}`,
    lastResult,
    defaultValue: { alias: card.alias },
    ...zodValidation(aliasSchema),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate preventScrollReset>
      <AuthenticityTokenInput />
      <input type="hidden" name="version" value={card.version} />
      <FormMessage errors={form.errors} id={form.errorId} />
      <TextField
        field={fields.alias}
        label={t("alias.label")}
        hint={t("alias.hint", { count: ALIAS_MAX_LENGTH })}
        autoComplete="off"
        autoFocus
      />
      <div className="button-row">
        <button type="submit" className="button button-primary">
          {t("alias.save")}
        </button>
        <Link to="/account/cards" className="button button-secondary" preventScrollReset>
          {t("application.cancel")}
        </Link>
      </div>
    </Form>
  );
}
