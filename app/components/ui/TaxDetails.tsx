import { formatEuro } from "~/domain/money/format";
import type { TaxDetail } from "~/domain/money/tax";

/** The VAT contained in a total, one line per rate: the cart's summary and an order's totals alike. */
export function TaxDetails({
  details,
  title,
  lineLabel,
}: {
  details: Pick<TaxDetail, "rate" | "taxCents">[];
  title: string;
  lineLabel: (rate: number) => string;
}) {
  if (!details.length) return null;
  return (
    <>
      <p className="tax-title">{title}</p>
      <dl className="totals totals-tax">
        {details.map((d) => (
          <div key={d.rate}>
            <dt>{lineLabel(d.rate)}</dt>
            <dd>{formatEuro(d.taxCents)}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
