import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { StaticMap } from "~/components/map/StaticMap";
import type { StaticMapModel } from "~/domain/store/static-map";
import { viewQuery } from "~/domain/store/static-map";
import { formatGermanDayWithYear } from "~/domain/content/date";
import { formatDayHours, isHybrid, type SpecialDay, type Store } from "~/domain/store/store";
import { StoreAddress, WeekHours } from "./StoreDetails";

export interface StorePageMap {
  model: StaticMapModel;
  names: Record<string, string>;
  tileHrefs: string[];
  attribution: string;
}

/**
 * A store's own page: address, phone, opening and staffed hours, services, a small map of where it
 * is, the way back to the map.
 */
export function StorePage({
  store,
  map,
  specialDays,
}: {
  store: Store;
  map: StorePageMap;
  /** The next days with other hours than the week's: closed, or open shorter or longer (decision 0045). */
  specialDays: SpecialDay[];
}) {
  const { t } = useTranslation("pages");
  const hybrid = isHybrid(store);
  const onBigMap = `/content/map?${viewQuery({ lat: store.latitude, lng: store.longitude, zoom: 15 })}#karte`;
  return (
    <article className="page store-page" aria-labelledby="store-title">
      <h1 id="store-title">{store.name}</h1>
      <div className="store-page-layout">
        <div className="store-page-details">
          <section aria-labelledby="store-address">
            <h2 id="store-address">{t("stores.page.address")}</h2>
            <StoreAddress store={store} />
          </section>
          <section aria-labelledby="store-hours" className="store-page-hours">
            <h2 id="store-hours">{t("stores.page.hours")}</h2>
            <WeekHours week={store.openingHours} label={t("stores.openingHours")} />
            <WeekHours week={store.staffedHours} label={t("stores.staffedHours")} />
            <p className="field-hint">{hybrid ? t("stores.page.hybridNote") : t("stores.page.staffedNote")}</p>
            {specialDays.length ? (
              <>
                <h3>{t("stores.page.closedDays")}</h3>
                <ul className="store-closed-days">
                  {specialDays.map((c) => (
                    <li key={c.day}>{`${specialDayText(c, t)}${c.reason ? ` (${c.reason})` : ""}`}</li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>
          <section aria-labelledby="store-services">
            <h2 id="store-services">{t("stores.page.services")}</h2>
            <ul className="store-services">
              <li className={store.clickAndCollect ? "yes" : "no"}>
                {store.clickAndCollect ? t("stores.page.clickAndCollectYes") : t("stores.page.clickAndCollectNo")}
              </li>
              <li className={hybrid ? "yes" : "no"}>
                {hybrid ? t("stores.page.cardEntryYes") : t("stores.page.cardEntryNo")}
              </li>
            </ul>
          </section>
          <p>
            <Link to="/content/map">{t("stores.page.backToMap")}</Link>
          </p>
        </div>
        <section className="store-page-map" aria-labelledby="store-map-title">
          <h2 id="store-map-title">{t("stores.page.location")}</h2>
          <StaticMap
            model={map.model}
            tileHrefs={map.tileHrefs}
            names={map.names}
            label={t("stores.page.mapLabel", { name: store.name })}
            viewHref={(view) => `/content/map?${viewQuery(view)}#karte`}
            clusterLabel={(count) => t("stores.map.cluster", { count })}
            attribution={map.attribution}
            className="static-map-small"
            current={store.id}
          />
          <p>
            <Link to={onBigMap}>{t("stores.page.onBigMap")}</Link>
          </p>
        </section>
      </div>
    </article>
  );
}

/** "24.12.2026: geschlossen", or its hours, with the staffed hours where they differ. */
function specialDayText(special: SpecialDay, t: (key: string, values?: Record<string, string>) => string): string {
  const day = formatGermanDayWithYear(special.day);
  const opening = special.opening ? formatDayHours(special.opening) : null;
  if (!opening) return t("stores.page.closedOn", { day });
  const staffed = formatDayHours(special.staffed ?? []);
  if (staffed === opening) return t("stores.page.openOn", { day, hours: opening });
  return t("stores.page.openStaffedOn", { day, hours: opening, staffed: staffed ?? t("stores.page.unstaffed") });
}
