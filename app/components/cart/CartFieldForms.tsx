/**
 * The cart's two fields a customer types into, the voucher code and a line's quantity, as the page
 * renders them. Their checks with the cart schema (conform and zod) come in CheckedCartFields,
 * loaded after the page (docs/decisions/0014); until then, and without JavaScript, the browser's
 * own checks hold and the server answers with a notice.
 */
import { startTransition, useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "~/i18n/texts";
import { COUPON_CODE_MAX_LENGTH } from "~/domain/cart/coupon";
import { CartForm } from "./CartForm";

/**
 * Whether to render a field with its checks: not on the server nor while hydrating (the checks
 * are not part of the page's scripts), then at once, as a transition, so the plain field stays on
 * screen until the checks have loaded and is swapped for the checked one in one step.
 */
export function useFieldChecks(): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => startTransition(() => setWanted(true)), []);
  return wanted;
}

export const COUPON_FORM_ID = "coupon";
const CODE_ID = "coupon-code";
const ERROR_ID = `${CODE_ID}-error`;

/** What conform adds to the voucher field once its checks have loaded. */
export interface CouponCodeCheck {
  noValidate: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  required?: boolean;
  maxLength?: number;
  /** The field's message, already in German. */
  error?: string;
}

/**
 * The checked field is another component than the plain one, so React gives it a new input: what
 * the customer typed into the plain one while the checks were loading, and its focus, are carried
 * over (read in the moment the new one renders, when the old one is still in the page).
 */
function useTypedBeforeChecks(id: string, checked: boolean) {
  const ref = useRef<HTMLInputElement>(null);
  const [typed] = useState(() => {
    // never on the server: the checked field is rendered only in the browser
    if (!checked || typeof document === "undefined") return null;
    const plain = document.getElementById(id);
    return plain instanceof HTMLInputElement ? { value: plain.value, focused: document.activeElement === plain } : null;
  });
  useEffect(() => {
    const input = ref.current;
    if (!input || !typed?.focused) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }, [typed]);
  return { ref, defaultValue: typed?.value };
}

/** The voucher field; with its checks the schema's message shows at the field before anything is sent. */
export function CouponCodeForm({ redirectTo, check }: { redirectTo?: string; check?: CouponCodeCheck }) {
  const { t } = useTranslation("cart");
  const error = check?.error;
  const typed = useTypedBeforeChecks(CODE_ID, check !== undefined);
  return (
    <CartForm
      intent="applyCoupon"
      id={COUPON_FORM_ID}
      className="inline-field"
      redirectTo={redirectTo}
      noValidate={check?.noValidate}
      onSubmit={check?.onSubmit}
    >
      <label htmlFor={CODE_ID}>{t("couponCode")}</label>
      <input
        ref={typed.ref}
        defaultValue={typed.defaultValue}
        id={CODE_ID}
        name="code"
        autoComplete="off"
        maxLength={check?.maxLength ?? COUPON_CODE_MAX_LENGTH}
        required={check?.required ?? true}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ERROR_ID : undefined}
      />
      <button type="submit" className="button button-secondary">
        {t("couponApply")}
      </button>
      {error ? (
        <p className="field-error" id={ERROR_ID}>
          {error}
        </p>
      ) : null}
    </CartForm>
  );
}

/** What conform adds to a quantity field once its checks have loaded. */
export interface QuantityCheck {
  noValidate: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  min?: number;
  /** The field's message, already in German. */
  error?: string;
}

export interface QuantityFormProps {
  sku: string;
  name: string;
  qty: number;
  /** The line's own limit (3 or 99): the browser's bound without JavaScript. */
  max: number;
}

export const quantityFormId = (sku: string) => `qty-form-${sku}`;
const fieldId = (sku: string) => `qty-${sku}`;

/**
 * A line's quantity field with "Menge ändern". Without JavaScript, and in the moment before its
 * checks have loaded, a plain post; once they have, the cart schema checks the typed quantity at
 * the field and a good one goes through the line's stepper queue (CheckedQuantityForm).
 */
export function QuantityForm({ sku, name, qty, max, check }: QuantityFormProps & { check?: QuantityCheck }) {
  const { t } = useTranslation("cart");
  const error = check?.error;
  const errorId = `${fieldId(sku)}-error`;
  return (
    <>
      <CartForm
        intent="setQuantity"
        id={quantityFormId(sku)}
        fields={{ sku }}
        className="cart-qty-input"
        noValidate={check?.noValidate}
        onSubmit={check?.onSubmit}
      >
        <label htmlFor={fieldId(sku)} className="visually-hidden">
          {t("quantityNamed", { name })}
        </label>
        <QuantityInput
          id={fieldId(sku)}
          checked={check !== undefined}
          qty={qty}
          min={check?.min ?? 0}
          max={max}
          invalid={error ? errorId : undefined}
        />
        <button type="submit" className="button button-link">
          {t("update")}
        </button>
      </CartForm>
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </>
  );
}

/**
 * The line's quantity field shows each new quantity (a step, a typed one, the server's answer)
 * while keeping its DOM node: remounting it would drop the keyboard focus after Enter. A quantity
 * typed before the page hydrated, or while the checks were loading, stays (useTypedBeforeChecks):
 * only a quantity that changed afterwards is written into the field.
 */
function QuantityInput({
  id,
  checked,
  qty,
  min,
  max,
  invalid,
}: {
  id: string;
  checked: boolean;
  qty: number;
  min: number;
  max: number;
  invalid?: string;
}) {
  const typed = useTypedBeforeChecks(id, checked);
  const shown = useRef(qty);
  useEffect(() => {
    if (shown.current === qty) return;
    shown.current = qty;
    if (typed.ref.current) typed.ref.current.value = String(qty);
  }, [qty, typed.ref]);
  return (
    <input
      ref={typed.ref}
      id={id}
      name="qty"
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      defaultValue={typed.defaultValue ?? qty}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={invalid}
    />
  );
}
