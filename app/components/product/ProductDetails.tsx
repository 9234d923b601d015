import { useTranslation } from "~/i18n/texts";
import type { ProductDetail } from "~/domain/catalog/product-detail";
import { formatNumber, keepUnitsWithNumbers } from "~/domain/catalog/quantity";
import { AddressLines } from "~/components/ui/AddressLines";
import { Ingredients } from "./Ingredients";
import { NetQuantity } from "./NetQuantity";
import { NutritionTable } from "./NutritionTable";

/**
 * The mandatory food information (LMIV art. 9), in the order a customer looks for it. Inside the
 * product page's `div.product-info`, which keeps the server's markup of it: the browser loads this
 * module only for a product page it renders itself (routes/catalog.product.$.tsx, docs/decisions/0054).
 */
export function ProductDetails({ product }: { product: ProductDetail }) {
  const { t } = useTranslation(["catalog", "common"]);
  const liquid = product.unit === "ml" || product.unit === "l";
  return (
    <>
      <section aria-labelledby="ingredients-title">
        <h2 id="ingredients-title">{t("detail.ingredients")}</h2>
        {product.ingredients ? (
          <>
            <Ingredients text={keepUnitsWithNumbers(product.ingredients)} />
            {product.ingredients.includes("_") ? <p className="field-hint">{t("detail.ingredientsHint")}</p> : null}
          </>
        ) : (
          <p>{t("detail.noIngredients")}</p>
        )}
        <h3>{t("detail.allergens")}</h3>
        <p>
          {product.allergens.length
            ? product.allergens.map((a) => t(`common:allergens.${a}`)).join(", ")
            : t("detail.allergensNone")}
        </p>
      </section>
      <section aria-labelledby="nutrition-title">
        <h2 id="nutrition-title">{t("detail.nutrition")}</h2>
        {product.nutrition ? (
          <NutritionTable nutrition={product.nutrition} liquid={liquid} />
        ) : (
          <p>{t("detail.noNutrition")}</p>
        )}
      </section>
      <section aria-labelledby="details-title">
        <h2 id="details-title">{t("detail.details")}</h2>
        <dl className="fact-list">
          <dt>{t("detail.brand")}</dt>
          <dd>{product.brand}</dd>
          <dt>{t("detail.netQuantity")}</dt>
          <dd>
            <NetQuantity quantity={product} />
          </dd>
          {product.alcoholPercent !== null ? (
            <>
              <dt>{t("detail.alcohol")}</dt>
              <dd>{t("detail.alcoholValue", { value: formatNumber(product.alcoholPercent) })}</dd>
            </>
          ) : null}
          {product.flavorings.length ? (
            <>
              <dt>{t("detail.flavorings")}</dt>
              <dd>{product.flavorings.join(", ")}</dd>
            </>
          ) : null}
          {product.originCountry ? (
            <>
              <dt>{t("detail.origin")}</dt>
              <dd>{product.originCountry}</dd>
            </>
          ) : null}
          {product.storageHint ? (
            <>
              <dt>{t("detail.storage")}</dt>
              <dd>{product.storageHint}</dd>
            </>
          ) : null}
          {product.supplier ? (
            <>
              <dt>{t("detail.supplier")}</dt>
              <dd>
                <address>
                  {product.supplier.name}
                  <br />
                  <AddressLines address={product.supplier} />
                  {product.supplier.country !== "Deutschland" ? (
                    <>
                      <br />
                      {product.supplier.country}
                    </>
                  ) : null}
                </address>
              </dd>
            </>
          ) : null}
          <dt>{t("detail.sku")}</dt>
          <dd>{product.sku}</dd>
        </dl>
      </section>
    </>
  );
}
