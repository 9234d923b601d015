/**
 * The cart's typed fields checked in the browser with the server's schemas (conform), a chunk of
 * its own loaded after the page (docs/decisions/0014). The server checks again and stays the
 * authority.
 */
import { useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import { useErrorText } from "~/components/form/Field";
import { applyCouponSchema, setQuantitySchema } from "~/domain/cart/schema";
import { parseFormAsSent } from "~/platform/form";
import { COUPON_FORM_ID, CouponCodeForm, QuantityForm, quantityFormId, type QuantityFormProps } from "./CartFieldForms";

const couponConstraint = getZodConstraint(applyCouponSchema);
const quantityConstraint = getZodConstraint(setQuantitySchema);

/** The voucher field: an empty or over-long code gets the server's message at once. */
export function CheckedCouponCode({ redirectTo }: { redirectTo?: string }) {
  const errorText = useErrorText();
  const [form, fields] = useForm({
    id: COUPON_FORM_ID,
    constraint: couponConstraint,
    // Until hydrated the browser's own checks hold, as without JavaScript.
    defaultNoValidate: false,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseFormAsSent(formData, applyCouponSchema),
  });
  const { code } = fields;
  return (
    <CouponCodeForm
      redirectTo={redirectTo}
      check={{
        noValidate: form.noValidate,
        onSubmit: form.onSubmit,
        required: code.required,
        maxLength: code.maxLength,
        error: code.errors?.map(errorText).join(" "),
      }}
    />
  );
}

/**
 * A line's quantity field: a quantity the schema refuses is not sent and its message shows at the
 * field at once; a good one goes to `onQuantity` (the line's stepper queue). The line's own limit
 * (3 for "Letzte Chance") stays the server's to refuse, with its notice.
 */
export function CheckedQuantityForm({
  onQuantity,
  ...field
}: QuantityFormProps & { onQuantity: (qty: number) => void }) {
  const errorText = useErrorText();
  const [form, fields] = useForm({
    id: quantityFormId(field.sku),
    constraint: quantityConstraint,
    // Until hydrated the browser's own checks hold, as without JavaScript.
    defaultNoValidate: false,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseFormAsSent(formData, setQuantitySchema),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status === "success") onQuantity(submission.value.qty);
    },
  });
  const { qty } = fields;
  const min = qty.min === undefined ? undefined : Number(qty.min);
  return (
    <QuantityForm
      {...field}
      check={{ noValidate: form.noValidate, onSubmit: form.onSubmit, min, error: qty.errors?.map(errorText).join(" ") }}
    />
  );
}
