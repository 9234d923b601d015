import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation, pageTitle } from "~/i18n/texts";
import { Breadcrumb } from "~/components/catalog/Breadcrumb";
import { ProductListing } from "~/components/catalog/ProductListing";
import { categoryHref } from "~/domain/catalog/href";
import { categoryPath } from "~/domain/catalog/category";
import { loadCategoryTree } from "~/domain/catalog/category.server";
import { parseProductFilter } from "~/domain/catalog/filter-params.server";
import { categoryListing } from "~/domain/catalog/listing.server";
import { translator } from "~/platform/i18n.server";
import { notFound, publicPage } from "~/platform/route-data.server";

export const handle = { i18n: ["common", "catalog"] };

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const id = params["*"] ?? "";
  const filter = parseProductFilter(new URL(request.url).searchParams);
  const [listing, tree] = await Promise.all([
    categoryListing(context.env.DB, id, filter),
    loadCategoryTree(context.env.DB),
  ]);
  if (!listing) throw notFound();
  const { name, subcategories, result } = listing;
  const t = await translator("common");
  return publicPage(context, {
    category: { id, name },
    path: categoryPath(tree, id),
    subcategories,
    filter,
    result,
    categoryNames: Object.fromEntries(subcategories.map((c) => [c.id, c.name])),
    title: pageTitle(name, t),
  });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: data.title },
        { name: "description", content: data.subcategories.map((c) => c.name).join(", ") || data.category.name },
      ]
    : [];

export default function CategoryPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("catalog");
  return (
    <div className="page catalog-page">
      <Breadcrumb path={data.path} current={data.path.length ? undefined : data.category.name} />
      <h1>{data.category.name}</h1>
      {data.subcategories.length ? (
        <nav aria-label={t("list.subcategories")}>
          <ul className="chip-list">
            {data.subcategories.map((c) => (
              <li key={c.id}>
                <Link className="chip" to={categoryHref(c.id)}>
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <ProductListing data={data} />
    </div>
  );
}
