import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { categoryHref } from "~/domain/catalog/href";
import { HOME_ROWS } from "~/domain/catalog/listing";
import { ProductGrid } from "~/components/product/ProductTile";
import { loadCategoryTree } from "~/domain/catalog/category.server";
import { loadHomeRows } from "~/domain/catalog/product-rows.server";
import { translator } from "~/platform/i18n.server";
import { publicPage } from "~/platform/route-data.server";

export const handle = { i18n: ["common", "home"] };

export async function loader({ context }: LoaderFunctionArgs) {
  // The worker renders a refused request as this route's error (request-guard.server.ts): the
  // root's data still loads, so the error page keeps the visitor's header and dark mode.
  if (context.refusal) throw new Response(null, { status: context.refusal });
  const [tree, rows, t] = await Promise.all([
    loadCategoryTree(context.env.DB),
    loadHomeRows(context.env.DB),
    translator("home"),
  ]);
  return publicPage(context, {
    categories: tree.root.children.map((c) => ({ id: c.id, name: c.name, color: c.color })),
    rows,
    title: t("title"),
    description: t("description"),
  });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.title }, { name: "description", content: data.description }] : [];

export default function Home() {
  const { categories, rows } = useLoaderData<typeof loader>();
  const { t } = useTranslation("home");
  return (
    <div className="page home">
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">{t("hero.headline")}</h1>
        <p>{t("hero.text")}</p>
        <div className="hero-actions">
          <Link className="button button-primary" to={categoryHref("startseite")}>
            {t("hero.cta")}
          </Link>
          <Link className="button button-secondary" to="/content/map">
            {t("hero.secondary")}
          </Link>
        </div>
        <ul className="service-promises">
          <li>{t("service.freeShipping")}</li>
          <li>{t("service.gifts")}</li>
          <li>{t("service.pickup")}</li>
        </ul>
      </section>

      <section aria-labelledby="categories-title">
        <h2 id="categories-title">{t("categories")}</h2>
        <ul className="category-tiles">
          {categories.map((c) => (
            <li key={c.id}>
              <Link to={categoryHref(c.id)} className={`category-tile tile-${c.id}`}>
                <span className="category-tile-swatch" data-color={c.color} aria-hidden="true" />
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {HOME_ROWS.map((row) =>
        rows[row].length ? (
          <section key={row} className="product-row" aria-labelledby={`row-${row}`}>
            <h2 id={`row-${row}`}>{t(`rows.${row}`)}</h2>
            {row === "pioneer" ? <p>{t("rows.pioneerText")}</p> : null}
            <ProductGrid products={rows[row]} eagerCount={row === "sale" ? 2 : 0} />
          </section>
        ) : null,
      )}

      <section className="benefits" aria-labelledby="benefits-title">
        <h2 id="benefits-title">{t("benefits.headline")}</h2>
        <p>{t("benefits.text")}</p>
        <ul className="benefit-list">
          <li>
            <strong>{t("benefits.cashback")}</strong> {t("benefits.cashbackText")}
          </li>
          <li>
            <strong>{t("benefits.sepa")}</strong> {t("benefits.sepaText")}
          </li>
          <li>
            <strong>{t("benefits.voice")}</strong> {t("benefits.voiceText")}
          </li>
        </ul>
        <Link className="button button-primary" to="/content/mitgliedschaft">
          {t("benefits.cta")}
        </Link>
      </section>
    </div>
  );
}
