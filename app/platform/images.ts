/**
 * Product image URLs. With Cloudflare Image Resizing on (production) each width is its own
 * resized variant; locally the original is served and the width is only a hint to the route.
 */
export const IMAGE_WIDTHS = [270, 480, 1024] as const;

export function productImageUrl(sku: string, width: number, resizing: boolean): string {
  const original = `/images/products/${encodeURIComponent(sku)}.svg`;
  return resizing ? `/cdn-cgi/image/width=${width},fit=contain,format=auto${original}` : `${original}?w=${width}`;
}

export function productImageSrcSet(sku: string, resizing: boolean): string {
  return IMAGE_WIDTHS.map((w) => `${productImageUrl(sku, w, resizing)} ${w}w`).join(", ");
}
