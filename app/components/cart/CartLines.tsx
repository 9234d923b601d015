import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { productHref } from "~/components/product/ProductTile";
import { useImageResizing } from "~/components/product/useImageResizing";
import { NetQuantity } from "~/components/product/NetQuantity";
import type { CartLine } from "~/domain/cart/cart";
import { formatEuro } from "~/domain/money/format";
import { productImageUrl } from "~/platform/images";
import { CartForm } from "./CartForm";

export function CartLines({ lines }: { lines: CartLine[] }) {
  const { t } = useTranslation("cart");
  return (
    <ul className="cart-lines" aria-label={t("lines")}>
      {lines.map((line) => <CartLineItem key={`${line.product.sku}-${line.isGift ? "gift" : "item"}`} line={line} />)}
    </ul>
  );
}

function CartLineItem({ line }: { line: CartLine }) {
  const { t } = useTranslation("cart");
  const common = useTranslation().t;
  const resizing = useImageResizing();
  const { product } = line;
  const sku = product.sku;
  return (
    <li className={line.outOfStock ? "cart-line is-out-of-stock" : "cart-line"}>
      <img src={productImageUrl(sku, 270, resizing)} width="80" height="80" alt="" loading="lazy" />
      <div className="cart-line-info">
        <Link to={productHref(sku)} className="cart-line-name">{product.name}</Link>
        <p className="cart-line-meta">{product.brand} · <NetQuantity quantity={product} /></p>
        {line.isGift ? <p className="mark">{t("gift")}</p> : null}
        {line.outOfStock ? <p className="field-error" role="alert">{common("product.outOfStockNotification", { name: product.name })}</p> : null}
        {!line.isGift && product.depositCents ? <p className="cart-line-meta">{common("price.deposit", { amount: formatEuro(product.depositCents) })}</p> : null}
      </div>
      <p className="cart-line-total">{line.isGift ? t("free") : formatEuro(line.rowTotalCents)}</p>
      {line.isGift ? null : (
        <div className="cart-qty">
          <CartForm intent="setQuantity" fields={{ sku, qty: line.qty - 1 }}>
            <button type="submit" className="button button-icon" aria-label={t("decrease", { name: product.name })}>−</button>
          </CartForm>
          <CartForm intent="setQuantity" fields={{ sku }} className="cart-qty-input">
            <label htmlFor={`qty-${sku}`} className="visually-hidden">{t("quantityNamed", { name: product.name })}</label>
            <input id={`qty-${sku}`} name="qty" type="number" inputMode="numeric" min={0} max={line.maxQty} step={1} defaultValue={line.qty} key={line.qty} />
            <button type="submit" className="button button-link">{t("update")}</button>
          </CartForm>
          <CartForm intent="setQuantity" fields={{ sku, qty: line.qty + 1 }}>
            <button type="submit" className="button button-icon" aria-label={t("increase", { name: product.name })} disabled={line.qty >= line.maxQty}>+</button>
          </CartForm>
          <p className="cart-line-meta">{t("maxHint", { count: line.maxQty })}</p>
        </div>
      )}
      <CartForm intent="remove" fields={{ sku, gift: line.isGift ? "1" : "0" }} className="cart-remove">
        <button type="submit" className="button button-link" aria-label={t("removeNamed", { name: product.name })}>{t("remove")}</button>
      </CartForm>
    </li>
  );
}
