import { useTranslation } from "~/i18n/texts";
import { groupWeekdays, type DayHours, type Store } from "~/domain/store/store";
import { AddressLines } from "~/components/ui/AddressLines";

/** A week's hours, consecutive days with the same hours on one line ("Mo–Fr 07:00–21:00"). */
export function WeekHours({ week, label }: { week: DayHours[]; label: string }) {
  const { t } = useTranslation("pages");
  const days = t("stores.weekdays", { returnObjects: true }) as string[];
  return (
    <div className="store-hours">
      <h3>{label}</h3>
      <dl>
        {groupWeekdays(week).map((g) => (
          <div key={g.from} className="store-hours-row">
            <dt>{g.from === g.to ? days[g.from] : `${days[g.from]}–${days[g.to]}`}</dt>
            <dd>{g.hours ?? t("stores.closed")}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** A store's postal address and its phone number, dialable. */
export function StoreAddress({ store }: { store: Store }) {
  const { t } = useTranslation("pages");
  return (
    <address>
      <AddressLines address={store} />
      {store.phone ? (
        <>
          <br />
          {t("stores.phone")}: <a href={`tel:${store.phone.replace(/[^\d+]/g, "")}`}>{store.phone}</a>
        </>
      ) : null}
    </address>
  );
}
