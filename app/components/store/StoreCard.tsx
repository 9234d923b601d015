import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { groupWeekdays, storePath, type DayHours, type Store } from "~/domain/store/store";
import { AddressLines } from "~/components/ui/AddressLines";

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

export function StoreCard({ store }: { store: Store }) {
  const { t } = useTranslation("pages");
  return (
    <article className="store-card" aria-labelledby={`store-${store.id}`} id={store.id}>
      <h2 id={`store-${store.id}`}>
        <Link to={storePath(store.id)}>{store.name}</Link>
      </h2>
      <p className={store.clickAndCollect ? "store-cc yes" : "store-cc"}>
        {store.clickAndCollect ? t("stores.clickAndCollect") : t("stores.noClickAndCollect")}
      </p>
      <address>
        <AddressLines address={store} />
        {store.phone ? (
          <>
            <br />
            {t("stores.phone")}: <a href={`tel:${store.phone.replace(/[^\d+]/g, "")}`}>{store.phone}</a>
          </>
        ) : null}
      </address>
      <WeekHours week={store.openingHours} label={t("stores.openingHours")} />
      <WeekHours week={store.staffedHours} label={t("stores.staffedHours")} />
    </article>
  );
}
