import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation, pageTitle } from "~/i18n/texts";
import { Breadcrumb } from "~/components/catalog/Breadcrumb";
import { NetQuantity } from "~/components/product/NetQuantity";
import { Price } from "~/components/product/Price";
import { ProductDetails } from "~/components/product/ProductDetails";
import { ProductGallery } from "~/components/product/ProductGallery";
import { BadgeList, LabelList } from "~/components/product/ProductMarks";
import { InspirationWheel } from "~/components/product/InspirationWheel";
import { ShoppingActions } from "~/components/product/ShoppingActions";
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

export default function ProductPage() {
  const { product, similar, path, photos } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["catalog", "common"]);
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
          <ShoppingActions sku={product.sku} name={product.name} inStock={product.inStock} />
          <p className="product-description">{keepUnitsWithNumbers(product.description)}</p>
        </div>
      </article>
      <ProductDetails product={product} />
      {similar.length ? <InspirationWheel products={similar} /> : null}
    </div>
  );
}
