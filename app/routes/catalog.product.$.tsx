import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation, pageTitle } from "~/i18n/texts";
import { Breadcrumb } from "~/components/catalog/Breadcrumb";
import { whenIdle } from "~/components/layout/hydration";
import { KeptMarkup } from "~/components/layout/KeptMarkup";
import { onDemand } from "~/components/layout/on-demand";
import { HydrationBoundary } from "~/components/layout/HydrationBoundary";
import { NetQuantity } from "~/components/product/NetQuantity";
import { Price } from "~/components/product/Price";
import * as onServer from "~/components/product/on-demand.server";
import { ProductGallery } from "~/components/product/ProductGallery";
import { BadgeList, LabelList } from "~/components/product/ProductMarks";
import { ShoppingActions } from "~/components/product/ShoppingActions";
import { VisitorActions } from "~/components/product/VisitorActions";
import { useShopper } from "~/components/account/useShopper";
import { categoryPath } from "~/domain/catalog/category";
import { loadCategoryTree } from "~/domain/catalog/category.server";
import { SKU_PATTERN } from "~/domain/catalog/product";
import { keepUnitsWithNumbers } from "~/domain/catalog/quantity";
import { loadProductDetail } from "~/domain/catalog/product-detail.server";
import { translator } from "~/platform/i18n.server";
import { notFound, publicPage } from "~/platform/route-data.server";

export const handle = { i18n: ["common", "catalog"] };

export async function loader({ params, context }: LoaderFunctionArgs) {
  const sku = params["*"] ?? "";
  if (!SKU_PATTERN.test(sku)) throw notFound();
  const [tree, found] = await Promise.all([loadCategoryTree(context.env.DB), loadProductDetail(context.env.DB, sku)]);
  if (!found) throw notFound();
  const t = await translator("common");
  return publicPage(context, {
    ...found,
    path: categoryPath(tree, found.product.categoryId),
    title: pageTitle(`${found.product.name} von ${found.product.brand}`, t),
  });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.title }, { name: "description", content: data.product.description }] : [];

/**
 * The food information needs no JavaScript: the page keeps the server's markup of it and loads its
 * code (with the nutrition table and the supplier's address) only for a product page the browser
 * renders itself, an in-app navigation; fetched once the browser is idle (docs/decisions/0054).
 */
const ProductDetails = onDemand(onServer.ProductDetails, () =>
  import("~/components/product/ProductDetails").then((m) => m.ProductDetails),
);

/**
 * The similar products below the details, off the page's first load too: the server renders them,
 * the browser fetches their code while the page hydrates and renders them once it is there
 * (HydrationBoundary.tsx; until then they are the row of tiles a page without JavaScript shows).
 */
const InspirationWheel = onDemand(onServer.InspirationWheel, () =>
  import("~/components/product/InspirationWheel").then((m) => m.InspirationWheel),
);

export default function ProductPage() {
  const { product, similar, path, photos } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["catalog", "common"]);
  const { customer } = useShopper();
  useEffect(() => whenIdle(() => void ProductDetails.load()), []);
  return (
    <div className="page product-page">
      <Breadcrumb path={path} current={product.name} />
      <article className="product-detail" aria-labelledby="product-name">
        <ProductGallery sku={product.sku} name={product.name} photos={photos} />
        <div className="product-buy">
          <p className="product-brand">{product.brand}</p>
          <h1 id="product-name">{keepUnitsWithNumbers(product.name)}</h1>
          <p className="product-quantity">
            {t("detail.netQuantity")}: <NetQuantity quantity={product} />
          </p>
          <BadgeList badges={product.badges} />
          <LabelList labels={product.labels} />
          <Price product={product} detailed />
          <p className="price-legal">
            {t("common:price.vatIncluded")},{" "}
            <Link to="/pages/legal/versand-zahlung">{t("common:price.plusShipping")}</Link>
          </p>
          {product.minAge > 0 ? <p className="age-notice">{t("detail.ageNotice", { age: product.minAge })}</p> : null}
          {customer ? (
            <ShoppingActions sku={product.sku} name={product.name} inStock={product.inStock} />
          ) : (
            <VisitorActions name={product.name} inStock={product.inStock} compact={false} />
          )}
          <p className="product-description">{keepUnitsWithNumbers(product.description)}</p>
        </div>
      </article>
      {/* Keyed by the product, each with a key of its own among the page's children. */}
      <KeptMarkup key={`info-${product.sku}`} className="product-info">
        <ProductDetails product={product} />
      </KeptMarkup>
      {similar.length ? (
        <HydrationBoundary key={`similar-${product.sku}`} code={InspirationWheel} className="similar-products">
          <InspirationWheel products={similar} />
        </HydrationBoundary>
      ) : null}
    </div>
  );
}
