/**
 * The product page's parts whose code the browser loads on demand (routes/catalog.product.$.tsx,
 * docs/decisions/0054), for the server's render; this module is empty in the browser's build.
 */
export { InspirationWheel } from "./InspirationWheel";
export { ProductDetails } from "./ProductDetails";
