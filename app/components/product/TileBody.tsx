import type { ProductSummary } from "~/domain/catalog/product";
import { productHref } from "~/domain/catalog/href";
import { keepUnitsWithNumbers } from "~/domain/catalog/quantity";
import { productImageSrcSet, productImageUrl } from "~/platform/images";
import { NetQuantity } from "./NetQuantity";
import { Price } from "./Price";
import { BadgeList, LabelList } from "./ProductMarks";

export interface TileBodyProps {
  product: ProductSummary;
  eager: boolean;
  headingLevel: 2 | 3;
  resizing: boolean;
  /**
   * The drawn pack as markup, which the server's tile markup gives a product without a photo
   * (tile-markup.server.tsx); otherwise the picture is an image file: the photo, or in a tile the
   * browser renders itself the pack's file.
   */
  drawnPack?: string;
}

/**
 * What a tile shows that does not change while the page lives: picture, name, brand and quantity,
 * marks and price. Its link is plain markup; the tile keeps it inside the app (`useInAppLinks`).
 */
export function TileBody({ product, eager, headingLevel, resizing, drawnPack }: TileBodyProps) {
  const Name = headingLevel === 2 ? "h2" : "h3";
  return (
    <>
      {/* data-discover: Remix's route discovery finds the product page's route ahead of a click, as for a Link */}
      <a href={productHref(product.sku)} className="tile-link" data-discover="true">
        {drawnPack ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the pack the server draws (packshot.ts escapes the product's texts), only in the server's tile markup
          <span className="tile-pack" dangerouslySetInnerHTML={{ __html: drawnPack }} />
        ) : (
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
        )}
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
