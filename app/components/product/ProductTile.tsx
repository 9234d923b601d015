import { PrefetchPageLinks } from "@remix-run/react";
import { createContext, useContext, useState } from "react";
import type { ProductSummary } from "~/domain/catalog/product";
import { productHref } from "~/domain/catalog/href";
import { keepUnitsWithNumbers } from "~/domain/catalog/quantity";
import { productImageSrcSet, productImageUrl } from "~/platform/images";
import { useKeptServerMarkup } from "~/components/layout/hydration";
import { useInAppLinks } from "~/components/layout/useInAppLinks";
import { useImageResizing } from "./useImageResizing";
import { NetQuantity } from "./NetQuantity";
import { Price } from "./Price";
import { BadgeList, LabelList } from "./ProductMarks";
import { ShoppingActions } from "./ShoppingActions";

export interface TileBodyProps {
  product: ProductSummary;
  eager: boolean;
  headingLevel: 2 | 3;
  resizing: boolean;
}

/**
 * The server's markup of a tile's body, rendered once per product and look and kept by the isolate
 * (tile-markup.server.tsx); absent in the browser.
 */
export type TileBodyMarkup = (body: TileBodyProps) => string;
const TileMarkupContext = createContext<TileBodyMarkup | null>(null);
export const TileMarkupProvider = TileMarkupContext.Provider;

/**
 * What a tile shows that does not change while the page lives: picture, name, brand and quantity,
 * marks and price. Its link is plain markup; the tile keeps it inside the app (`useInAppLinks`).
 */
export function TileBody({ product, eager, headingLevel, resizing }: TileBodyProps) {
  const Name = headingLevel === 2 ? "h2" : "h3";
  return (
    <>
      {/* data-discover: Remix's route discovery finds the product page's route ahead of a click, as for a Link */}
      <a href={productHref(product.sku)} className="tile-link" data-discover="true">
        <img
          src={productImageUrl(product, 270, resizing)}
          srcSet={productImageSrcSet(product, resizing)}
          sizes="(min-width: 64em) 14rem, (min-width: 40em) 30vw, 45vw"
          width="270"
          height="270"
          alt=""
          loading={eager ? "eager" : "lazy"}
          decoding="async"
        />
        <Name className="tile-name">{keepUnitsWithNumbers(product.name)}</Name>
      </a>
      <p className="tile-brand">
        {`${product.brand} · `}
        <NetQuantity quantity={product} />
      </p>
      <BadgeList badges={product.badges} />
      <LabelList labels={product.labels} />
      <Price product={product} />
    </>
  );
}

/**
 * A product tile. Its body is server markup (docs/decisions/0033): the server renders it once per
 * product and the browser keeps it without hydrating it; a tile mounted later in the browser (a
 * navigation, "more") renders it itself. Only the shopping actions are React's to update.
 * `headingLevel`: the name is a heading one level below the section the grid sits in.
 */
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
  const serverMarkup = useContext(TileMarkupContext);
  const [kept, bodyRef] = useKeptServerMarkup<HTMLDivElement>();
  const followInApp = useInAppLinks();
  // As a Link with prefetch="intent": the product page's modules and data once the shopper points at it.
  const [intent, setIntent] = useState(false);
  const body: TileBodyProps = { product, eager, headingLevel, resizing };
  const markup = typeof document === "undefined" ? serverMarkup?.(body) : kept ? "" : undefined;
  const events = { onClick: followInApp, onMouseEnter: () => setIntent(true), onFocus: () => setIntent(true) };
  return (
    <article className="product-tile">
      {markup === undefined ? (
        // The link inside answers keys itself; the handlers keep its navigation in the app.
        <div key="own" className="tile-body" ref={bodyRef} {...events}>
          <TileBody {...body} />
        </div>
      ) : (
        <div
          key="kept"
          className="tile-body"
          ref={bodyRef}
          {...events}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own markup of the tile, or an empty string in the browser so React keeps it
          dangerouslySetInnerHTML={{ __html: markup }}
        />
      )}
      {intent ? <PrefetchPageLinks page={productHref(product.sku)} /> : null}
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
