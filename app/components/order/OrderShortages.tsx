import { useTranslation } from "~/i18n/texts";

/**
 * What could not be found at picking and was taken off the order (issue 32 §2): the missing
 * articles, and gifts the smaller order no longer earned. The refund is listed below it.
 */
export function OrderShortages({
  shortages,
}: {
  shortages: { name: string; qty: number; reason: "missing" | "giftRule" }[];
}) {
  const { t } = useTranslation("orders");
  if (shortages.length === 0) return null;
  return (
    <section className="order-shortages" aria-labelledby="order-shortages-title">
      <h2 id="order-shortages-title">{t("shortages.title")}</h2>
      <p>{t("shortages.intro")}</p>
      <ul>
        {shortages.map((s, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is append-only and never reordered
          <li key={i}>
            {t(s.reason === "missing" ? "shortages.line" : "shortages.giftRule", { qty: s.qty, name: s.name })}
          </li>
        ))}
      </ul>
    </section>
  );
}
