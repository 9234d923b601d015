/** Shipping prices per carrier code, gross cents. */
export const SHIPPING_CENTS = {
  myensopackagedelivery: 495,
  myensodhlexpress: 995,
  myensofoodshipping: 395,
  clickandcollect: 0,
} as const;

/** The cart shows standard delivery until a method is chosen at checkout. */
export const STANDARD_SHIPPING_CENTS = SHIPPING_CENTS.myensopackagedelivery;
