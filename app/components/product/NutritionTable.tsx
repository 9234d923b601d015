import { useTranslation } from "~/i18n/texts";
import { formatNumber } from "~/domain/catalog/quantity";
import type { Nutrition } from "~/domain/catalog/product-detail";

/** LMIV Annex XV order: energy, fat, saturates, (mono-/poly-)unsaturates, carbohydrate, sugars, protein, salt. */
const ROWS = [
  ["fat", "fat"],
  ["saturatedFat", "saturatedFat"],
  ["unsaturatedFat", "unsaturatedFat"],
  ["polyunsaturatedFat", "polyunsaturatedFat"],
  ["carbohydrates", "carbohydrates"],
  ["sugar", "sugar"],
  ["protein", "protein"],
  ["salt", "salt"],
] as const;

export function NutritionTable({ nutrition, liquid }: { nutrition: Nutrition; liquid: boolean }) {
  const { t } = useTranslation("catalog");
  const unit = liquid ? "ml" : "g";
  return (
    <table className="nutrition-table">
      <caption>{t("detail.nutritionCaption", { unit })}</caption>
      <thead>
        <tr>
          <th scope="col">{t("detail.nutrient")}</th>
          <th scope="col">{t("detail.nutritionPer", { unit })}</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">{t("detail.nutritionRows.energy")}</th>
          <td>
            {formatNumber(Math.round(nutrition.energyKj))} kJ / {formatNumber(Math.round(nutrition.energyKcal))} kcal
          </td>
        </tr>
        {ROWS.map(([key, label]) => (
          <tr key={key} className={label.endsWith("Fat") || label === "sugar" ? "nutrition-sub" : undefined}>
            <th scope="row">{t(`detail.nutritionRows.${label}`)}</th>
            <td>{formatNumber(Math.round(nutrition[key] * 10) / 10)} g</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
