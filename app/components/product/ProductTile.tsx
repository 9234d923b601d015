import { Link } from "@remix-run/react";
import type { ProductSummary } from "~/domain/catalog/product";
import { productHref } from "~/domain/catalog/href";
import { productImageSrcSet, productImageUrl } from "~/platform/images";
import { useImageResizing } from "./useImageResizing";
import { NetQuantity } from "./NetQuantity";
import { Price } from "./Price";
import { BadgeList, LabelList } from "./ProductMarks";
import { ShoppingActions } from "./ShoppingActions";

/** `headingLevel`: the name is a heading one level below the section the grid sits in. */
export function ProductTile({
  product,
  eager = false,
  headingLevel = 3,
}: {
  product: ProductSummary;
  eager?: boolean;
  headingLevel?: 2 | 3;
}) {
  const resizing = useImageResizing();
  const Name = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="product-tile">
      <Link to={productHref(product.sku)} className="tile-link" prefetch="intent">
        <img
          src={productImageUrl(product.sku, 270, resizing)}
          srcSet={productImageSrcSet(product.sku, resizing)}
          sizes="(min-width: 64em) 14rem, (min-width: 40em) 30vw, 45vw"
          width="270"
          height="270"
          alt=""
          loading={eager ? "eager" : "lazy"}
          decoding="async"
        />
        <Name className="tile-name">{product.name}</Name>
      </Link>
      <p className="tile-brand">
        {product.brand} · <NetQuantity quantity={product} />
      </p>
      <BadgeList badges={product.badges} />
      <LabelList labels={product.labels} />
      <Price product={product} />
      <ShoppingActions sku={product.sku} name={product.name} inStock={product.inStock} compact />
    </article>
  );
}

export function ProductGrid({
  products,
  eagerCount = 0,
  label,
  headingLevel,
}: {
  products: ProductSummary[];
  eagerCount?: number;
  label?: string;
  headingLevel?: 2 | 3;
}) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((p, i) => (
        <li key={p.sku}>
          <ProductTile product={p} eager={i < eagerCount} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
