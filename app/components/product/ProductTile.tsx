import { Link } from "@remix-run/react";
import type { ProductSummary } from "~/domain/catalog/product";
import { productImageSrcSet, productImageUrl } from "~/platform/images";
import { useImageResizing } from "./useImageResizing";
import { NetQuantity } from "./NetQuantity";
import { Price } from "./Price";
import { BadgeList, LabelList } from "./ProductMarks";
import { ShoppingActions } from "./ShoppingActions";

export const productHref = (sku: string) => `/catalog/product/${sku}`;

export function ProductTile({ product, eager = false }: { product: ProductSummary; eager?: boolean }) {
  const resizing = useImageResizing();
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
        <h3 className="tile-name">{product.name}</h3>
      </Link>
      <p className="tile-brand">{product.brand} · <NetQuantity quantity={product} /></p>
      <BadgeList badges={product.badges} />
      <LabelList labels={product.labels} />
      <Price product={product} />
      <ShoppingActions sku={product.sku} name={product.name} inStock={product.inStock} compact />
    </article>
  );
}

export function ProductGrid({ products, eagerCount = 0, label }: { products: ProductSummary[]; eagerCount?: number; label?: string }) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((p, i) => (
        <li key={p.sku}><ProductTile product={p} eager={i < eagerCount} /></li>
      ))}
    </ul>
  );
}
