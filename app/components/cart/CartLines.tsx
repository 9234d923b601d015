import { Link } from "@remix-run/react";
import { Suspense, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "~/i18n/texts";
import { productHref } from "~/domain/catalog/href";
import { useImageResizing } from "~/components/product/useImageResizing";
import { NetQuantity } from "~/components/product/NetQuantity";
import { withQuantities, type CartLine, type CartShares } from "~/domain/cart/cart";
import { basePrice, keepUnitsWithNumbers } from "~/domain/catalog/quantity";
import { formatEuro } from "~/domain/money/format";
import { productImageUrl } from "~/platform/images";
import { CartForm } from "./CartForm";
import { QuantityForm, useFieldChecks } from "./CartFieldForms";
import { withChecks } from "./withChecks";
import { useQuantityStepper } from "./QuantityQueue";
import { SharesLine } from "./SharesLine";

// conform and zod come with the field's checks, after the page's own scripts (docs/decisions/0014).
const CheckedQuantityForm = withChecks(
  (checks) => checks.CheckedQuantityForm,
  ({ onQuantity: _, ...field }) => <QuantityForm {...field} />,
);

export const lineKey = (line: CartLine) => `${line.product.sku}-${line.isGift ? "gift" : "item"}`;

export function CartLines({ lines, shares = null }: { lines: CartLine[]; shares?: CartShares | null }) {
  const { t } = useTranslation("cart");
  return (
    <ul className="cart-lines" aria-label={t("lines")}>
      {lines.map((line) => (
        <CartLineItem key={lineKey(line)} line={line} />
      ))}
      {shares ? <SharesLine shares={shares} /> : null}
    </ul>
  );
}

function CartLineItem({ line }: { line: CartLine }) {
  return line.isGift ? <LineView line={line} busy={false} /> : <SteppedLine line={line} />;
}

/** A bought line: with JavaScript its quantity changes in place (QuantityQueue), without it the forms post. */
function SteppedLine({ line }: { line: CartLine }) {
  const { t } = useTranslation("cart");
  const stepper = useQuantityStepper(line);
  const { qty } = stepper;
  const [shown] = withQuantities([line], { [line.product.sku]: qty });
  const { sku, name } = line.product;
  const step = (to: number) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    stepper.change(to);
  };
  const refuse = (event: FormEvent<HTMLFormElement>) => event.preventDefault();
  const field = { sku, name, qty, max: line.maxQty };
  const checked = useFieldChecks();
  return (
    <LineView line={shown} busy={stepper.queued}>
      <div className="cart-qty">
        <CartForm intent="setQuantity" fields={{ sku, qty: qty - 1 }} onSubmit={step(qty - 1)}>
          <button type="submit" className="button button-icon" aria-label={t("decrease", { name })} disabled={qty <= 0}>
            −
          </button>
        </CartForm>
        <Suspense fallback={<QuantityForm {...field} />}>
          {checked ? <CheckedQuantityForm {...field} onQuantity={stepper.change} /> : <QuantityForm {...field} />}
        </Suspense>
        <CartForm
          intent="setQuantity"
          fields={{ sku, qty: qty + 1 }}
          onSubmit={qty >= line.maxQty ? refuse : step(qty + 1)}
        >
          {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus at the maximum */}
          <button
            type="submit"
            className="button button-icon"
            aria-label={t("increase", { name })}
            aria-disabled={qty >= line.maxQty || undefined}
          >
            +
          </button>
        </CartForm>
        <p className="cart-line-meta">{t("maxHint", { count: line.maxQty })}</p>
        {stepper.queued ? <p className="cart-line-meta cart-line-updating">{t("updating")}</p> : null}
      </div>
    </LineView>
  );
}

/** The price of one piece with its base price per kg or l (PAngV § 4), as next to every offer. */
function UnitPrice({ product }: { product: CartLine["product"] }) {
  const { t } = useTranslation("cart");
  const common = useTranslation().t;
  const base = basePrice(product.priceCents, product);
  return (
    <p className="cart-line-meta">
      {t("unitPrice", { amount: formatEuro(product.priceCents) })}
      {base
        ? ` · ${common("price.basePrice", { amount: formatEuro(base.cents), unit: common(`units.${base.unit}`) })}`
        : null}
    </p>
  );
}

function LineView({ line, busy, children }: { line: CartLine; busy: boolean; children?: ReactNode }) {
  const { t } = useTranslation("cart");
  const common = useTranslation().t;
  const resizing = useImageResizing();
  const { product } = line;
  const sku = product.sku;
  return (
    <li
      className={`cart-line${line.outOfStock ? " is-out-of-stock" : ""}${busy ? " is-updating" : ""}`}
      aria-busy={busy || undefined}
    >
      <img src={productImageUrl(product, 270, resizing)} width="80" height="80" alt="" loading="lazy" />
      <div className="cart-line-info">
        <Link to={productHref(sku)} className="cart-line-name">
          {keepUnitsWithNumbers(product.name)}
        </Link>
        <p className="cart-line-meta">
          {product.brand} · <NetQuantity quantity={product} />
        </p>
        {line.isGift ? <p className="mark">{t("gift")}</p> : <UnitPrice product={product} />}
        {line.outOfStock ? (
          <p className="field-error" role="alert">
            {common("product.outOfStockNotification", { name: product.name })}
          </p>
        ) : null}
        {!line.outOfStock && line.available != null && line.qty > line.available ? (
          <p className="field-error" role="alert">
            {t("onlyLeft", { count: line.available })}
          </p>
        ) : null}
        {!line.isGift && product.depositCents ? (
          <p className="cart-line-meta">{common("price.deposit", { amount: formatEuro(product.depositCents) })}</p>
        ) : null}
      </div>
      <p className="cart-line-total">{line.isGift ? t("free") : formatEuro(line.rowTotalCents)}</p>
      {children}
      <CartForm intent="remove" fields={{ sku, gift: line.isGift ? "1" : "0" }} className="cart-remove">
        <button type="submit" className="button button-link" aria-label={t("removeNamed", { name: product.name })}>
          {t("remove")}
        </button>
      </CartForm>
    </li>
  );
}
