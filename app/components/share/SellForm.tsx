import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n/texts";
import { FormMessage, TextField } from "~/components/form/Field";
import { zodValidation } from "~/components/form/zodValidation";
import { sellSchema } from "~/domain/share/schema";

/** How many shares to mark for cancellation; checked in the browser with the action's schema. */
export function SellForm({
  sellable,
  hint,
  lastResult,
}: {
  sellable: number;
  hint: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("shares");
  const [form, fields] = useForm({
    id: "share-sell",
    lastResult,
    defaultValue: { quantity: "1" },
    ...zodValidation(sellSchema(sellable)),
    // the limits are told by the hint and checked by the schema; min/max are no attributes of a text field
    constraint: {},
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate preventScrollReset>
      <AuthenticityTokenInput />
      <FormMessage errors={form.errors} id={form.errorId} />
      <TextField
        field={fields.quantity}
        label={t("sell.quantity")}
        hint={hint}
        inputMode="numeric"
        autoComplete="off"
        autoFocus
      />
      <div className="button-row">
        <button type="submit" className="button button-primary">
          {t("sell.submit")}
        </button>
        <Link to="/account/shareholder" className="button button-secondary" preventScrollReset>
          {t("sell.cancel")}
        </Link>
      </div>
    </Form>
  );
}
