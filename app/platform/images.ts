/**
 * Product image URLs, the one home for every place that shows a product (tiles, product page, cart,
 * gifts, search overlay). A product with a photo (docs/decisions/0048) shows its main photo, served
 * from the photos' bucket under its content address; one without shows the pack the shop draws.
 * With Cloudflare Image Resizing on (production) each width is its own resized variant; locally
 * the original is served and the width is only a hint to the route.
 */
export const IMAGE_WIDTHS = [270, 480, 1024] as const;

/** What picks a product's image: its SKU, and its main photo's file when it has one. */
export interface ProductImage {
  sku: string;
  photo?: string | null;
}

export function productImageUrl(product: ProductImage, width: number, resizing: boolean): string {
  const original = product.photo
    ? `/images/photos/${product.photo}`
    : `/images/products/${encodeURIComponent(product.sku)}.svg`;
  return resizing ? `/cdn-cgi/image/width=${width},fit=contain,format=auto${original}` : `${original}?w=${width}`;
}

/** A photo by its file name ("<sha-256>.<ext>"), at a width. */
export const photoUrl = (file: string, width: number, resizing: boolean) =>
  productImageUrl({ sku: "", photo: file }, width, resizing);

export function productImageSrcSet(product: ProductImage, resizing: boolean): string {
  return IMAGE_WIDTHS.map((w) => `${productImageUrl(product, w, resizing)} ${w}w`).join(", ");
}
