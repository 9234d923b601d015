import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";

interface ListedStore {
  id: string;
  name: string;
  street: string;
  city: string;
  clickAndCollect: boolean;
  href: string;
}

/**
 * Every store as a link to its page, beside the map: how keyboard and screen reader users, and
 * everyone without the map, reach each store.
 */
export function StoreList({ stores, title }: { stores: ListedStore[]; title: string }) {
  const { t } = useTranslation("pages");
  return (
    <section className="store-map-list" aria-labelledby="store-list-title">
      <h2 id="store-list-title">{title}</h2>
      <ul>
        {stores.map((s) => (
          <li key={s.id} id={s.id}>
            <Link to={s.href}>{s.name}</Link>
            <span>
              {s.street}, {s.city}
            </span>
            {s.clickAndCollect ? <span className="store-list-cc">{t("stores.clickAndCollect")}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
