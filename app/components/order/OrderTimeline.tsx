import { useTranslation } from "~/i18n/texts";
import { formatGermanDateTime } from "~/domain/content/date";
import { orderTimeline, type OrderStep } from "~/domain/fulfilment/progress";
import type { OrderStatus } from "~/platform/db.server";

/**
 * The order's way to the customer as a timeline (issue 32): bestellt, bezahlt, then abholbereit and
 * abgeholt, or versandt (with the tracking link) and zugestellt, each with its date once reached.
 */
export function OrderTimeline({
  order,
  progress,
}: {
  order: { status: OrderStatus; carrierCode: string | null; channel: string; createdAt: string };
  progress: { paidAt: string | null; steps: OrderStep[] };
}) {
  const { t } = useTranslation("orders");
  const entries = orderTimeline(order, progress.paidAt, progress.steps);
  if (!entries) return null;
  return (
    <section aria-labelledby="timeline-title" className="order-timeline">
      <h2 id="timeline-title">{t("timeline.title")}</h2>
      <ol>
        {entries.map((entry) => (
          <li key={entry.key} className={entry.done ? "is-done" : undefined}>
            <span className="timeline-step">{t(`timeline.${entry.key}`)}</span>{" "}
            <span className="timeline-when">
              {entry.done ? (entry.at ? formatGermanDateTime(entry.at) : t("timeline.done")) : t("timeline.open")}
            </span>
            {entry.trackingUrl ? (
              <>
                {" "}
                <a href={entry.trackingUrl} rel="noopener noreferrer">
                  {t("timeline.track", { number: entry.trackingNumber })}
                </a>
              </>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
