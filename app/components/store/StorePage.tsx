import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { AddressLines } from "~/components/ui/AddressLines";
import { isHybrid, type Store } from "~/domain/store/store";
import { WeekHours } from "./StoreCard";

/** A store's own page: address, phone, opening and staffed hours, services, the way back to the map. */
export function StorePage({ store }: { store: Store }) {
  const { t } = useTranslation("pages");
  const hybrid = isHybrid(store);
  return (
    <article className="page store-page" aria-labelledby="store-title">
      <h1 id="store-title">{store.name}</h1>
      <div className="store-page-layout">
        <div className="store-page-details">
          <section aria-labelledby="store-address">
            <h2 id="store-address">{t("stores.page.address")}</h2>
            <address>
              <AddressLines address={store} />
              {store.phone ? (
                <>
                  <br />
                  {t("stores.phone")}: <a href={`tel:${store.phone.replace(/[^\d+]/g, "")}`}>{store.phone}</a>
                </>
              ) : null}
            </address>
          </section>
          <section aria-labelledby="store-hours" className="store-page-hours">
            <h2 id="store-hours">{t("stores.page.hours")}</h2>
            <WeekHours week={store.openingHours} label={t("stores.openingHours")} />
            <WeekHours week={store.staffedHours} label={t("stores.staffedHours")} />
            <p className="field-hint">{hybrid ? t("stores.page.hybridNote") : t("stores.page.staffedNote")}</p>
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
      </div>
    </article>
  );
}
