import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { categoryHref } from "~/domain/catalog/href";

/** Home link plus the category path; the root 'Startseite' is never part of the path itself. */
export function Breadcrumb({ path, current }: { path: { id: string; name: string }[]; current?: string }) {
  const { t } = useTranslation();
  const items = current ? path : path.slice(0, -1);
  const last = current ?? path.at(-1)?.name;
  return (
    <nav className="breadcrumb" aria-label={t("global.breadcrumb")}>
      <ol>
        <li>
          <Link to="/">{t("global.home")}</Link>
        </li>
        {items.map((c) => (
          <li key={c.id}>
            <Link to={categoryHref(c.id)}>{c.name}</Link>
          </li>
        ))}
        {last ? <li aria-current="page">{last}</li> : null}
      </ol>
    </nav>
  );
}
