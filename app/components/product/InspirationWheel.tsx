import { useRef } from "react";
import { useTranslation } from "~/i18n/texts";
import { focusWhenRun, handOverFocus } from "~/components/layout/focus-handover";
import { useBrowserLayoutEffect } from "~/components/layout/hydration";
import { Icon } from "~/components/ui/Icon";
import type { ProductSummary } from "~/domain/catalog/product";
import { ProductTile } from "./ProductTile";
import { useInspirationWheel } from "./useInspirationWheel";

const TRACK_ID = "inspiration-wheel";

/** Where the keyboard focus was as the browser ran this module, the server's row about to go. */
let focusBeforeSwap = focusWhenRun();

/**
 * The similar products of a product page (docs/decisions/0024-inspiration-wheel.md). Without
 * JavaScript, and until the wheel's chunk is there, a row of tiles that scrolls sideways. Then the
 * same elements become a carousel that turns round and round: the previous and next buttons
 * appear, and a polite live region names the product that came into focus.
 */
export function InspirationWheel({ products }: { products: ProductSummary[] }) {
  const { t } = useTranslation("catalog");
  const section = useRef<HTMLElement>(null);
  const total = products.length;
  const { wheel, announced } = useInspirationWheel(
    section,
    {
      carousel: t("wheel.carousel"),
      slide: t("wheel.slide"),
      positions: products.map((_, i) => t("wheel.position", { position: i + 1, total })),
    },
    products.map((p) => p.sku).join(),
  );
  useBrowserLayoutEffect(() => {
    handOverFocus(focusBeforeSwap, section.current?.parentElement ?? null);
    focusBeforeSwap = null;
  }, []);
  const turnButton = (label: string, className: string, step: number) => (
    <button
      type="button"
      className={`button button-icon ${className}`}
      aria-controls={TRACK_ID}
      onClick={() => wheel?.turnBy(step)}
    >
      <Icon name="chevron" />
      <span className="visually-hidden">{label}</span>
    </button>
  );
  return (
    <section ref={section} className="product-row wheel" aria-labelledby="similar-title">
      <div className="wheel-head">
        <h2 id="similar-title">{t("detail.similar")}</h2>
        {wheel ? (
          <div className="wheel-buttons">
            {turnButton(t("wheel.previous"), "wheel-previous", -1)}
            {turnButton(t("wheel.next"), "wheel-next", 1)}
          </div>
        ) : null}
      </div>
      <ul id={TRACK_ID} className="wheel-track">
        {products.map((product) => (
          <li key={product.sku}>
            <div>
              <ProductTile product={product} />
            </div>
          </li>
        ))}
      </ul>
      {wheel ? (
        <p role="status" className="visually-hidden">
          {announced === null
            ? ""
            : t("wheel.inFocus", { position: announced + 1, total, name: products[announced].name })}
        </p>
      ) : null}
    </section>
  );
}
