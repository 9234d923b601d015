/**
 * What the fuzz test (fuzz.test.ts) throws requests at: every form, every page with the query
 * parameters its loader reads, and every cookie the shop reads.
 *
 * HOUSE RULE: every new form (a route with an `action`), every new query parameter a loader reads,
 * every new endpoint and every new cookie joins this catalogue, one line each. Path parameters
 * are written `{name}` and filled from VALUES (and the ids below); a field list is what the form
 * sends, `intent` values are the form's buttons. Nothing else needs to change.
 */

/** Filled in by the test from the seeded shop: the demo customer's own ids and another customer's. */
export interface ShopIds {
  ownAddressIds: string[];
  otherAddressIds: string[];
  ownOrderNumbers: string[];
  otherOrderNumbers: string[];
  paymentIds: string[];
  customerIds: string[];
  ownCardIds: string[];
  otherCardIds: string[];
  /** Every customer's card applications (only the development page takes them). */
  applicationIds: string[];
  /** Share purchases in the cart: the customer's own and another customer's. */
  ownPurchaseIds: string[];
  otherPurchaseIds: string[];
  /** The signing service's references of every share purchase (the signing sandbox's links). */
  signingRefs: string[];
  /** The back office's people (staff-fuzz.test.ts). */
  staffIds: string[];
}

export interface FormTarget {
  path: string;
  fields: string[];
  intents?: string[];
  /** The body is not a form (webhooks): the fuzz sends any body, the guard only limits its size. */
  raw?: boolean;
  /** The header a raw target's sender signs with (X-Payment-Signature unless said otherwise). */
  signatureHeader?: string;
  /**
   * A development tool that acts on any customer's data by design, with no owner check (/dev/cards
   * plays the card provider, /dev/shares the cooperative's check, the signing sandbox's link is
   * its only key). It gets every request but those with a valid token: with one it would change
   * other customers' data, which is its purpose, not a leak. Without a valid token it must change
   * nothing, like every form.
   */
  anyCustomer?: boolean;
  /** The form carries a file: sent as multipart/form-data, its `fields` including the file field. */
  multipart?: boolean;
}

export interface PageTarget {
  path: string;
  params: string[];
}

const PERSON = ["firstName", "lastName", "dob", "telephone", "gender"];
const ADDRESS = [
  "firstName",
  "lastName",
  "street",
  "houseNumber",
  "addressAddition",
  "zip",
  "city",
  "country",
  "defaultShipping",
  "defaultBilling",
  "telephone",
  "gender",
];
const CHECKOUT = [
  "idempotencyKey",
  "carrier",
  "addressId",
  "deliverySlot",
  "telephone",
  "storeId",
  "pickupSlot",
  "pickupTerms",
  "paymentMethod",
  "useCredit",
];
const CARD_APPLICATION = [
  "storeId",
  "storeSearch",
  "gender",
  "telephone",
  "sepaHolder",
  "sepaBank",
  "iban",
  "bic",
  "sepaConsent",
  "terms",
  "privacy",
  "id",
];
const FILTERS = [
  "sort",
  "page",
  "priceMin",
  "priceMax",
  "sugarMin",
  "sugarMax",
  "fatMin",
  "fatMax",
  "brands",
  "categories",
  "flavoringIngredients",
  "allergens",
];

export const FORMS: FormTarget[] = [
  { path: "/login", fields: ["email", "password", "redirectTo"], intents: ["login", "resendActivation"] },
  {
    path: "/register",
    fields: [
      ...PERSON,
      "email",
      "emailConfirm",
      "password",
      "passwordConfirm",
      "terms",
      "privacy",
      "values",
      "website",
      "form_started",
    ],
  },
  { path: "/logout", fields: [] },
  { path: "/password/forgot", fields: ["email"] },
  { path: "/password/reset/{customerId}/{value}", fields: ["password", "passwordConfirm"] },
  {
    path: "/account/customer",
    fields: [...PERSON, "email", "newEmail", "newEmailConfirm", "password", "currentPassword", "passwordConfirm"],
    intents: ["profile", "email", "password"],
  },
  { path: "/account/address", fields: ["addressId"], intents: ["setDefaultShipping"] },
  { path: "/account/address/new", fields: ADDRESS },
  { path: "/account/address/{addressId}/edit", fields: ADDRESS },
  { path: "/account/address/{addressId}/delete", fields: [] },
  { path: "/account/order/{orderNumber}", fields: [], intents: ["withdraw", "pay"] },
  { path: "/account/wishlist", fields: ["sku", "redirectTo"], intents: ["add", "remove"] },
  {
    path: "/cart",
    fields: ["sku", "qty", "code", "gift", "redirectTo"],
    intents: ["add", "setQuantity", "remove", "applyCoupon", "removeCoupon"],
  },
  // "Kauf abbrechen" of the shares in the cart
  { path: "/cart", fields: ["purchaseId", "redirectTo"], intents: ["cancelShares"] },
  { path: "/cart/gifts", fields: ["sku"], intents: ["choose", "dismiss"] },
  { path: "/checkout", fields: CHECKOUT },
  { path: "/checkout?carrier={value}&store={value}", fields: CHECKOUT },
  { path: "/checkout/address", fields: ADDRESS },
  { path: "/payment/sandbox/{paymentId}", fields: [], intents: ["approve", "decline", "cancel"] },
  {
    path: "/payment/sandbox/notify",
    fields: ["paymentId", "refundId", "orderId", "amountCents", "currency", "outcome", "confirmationId"],
    raw: true,
  },
  // the sandbox's refund page: its key in the address is its only key (docs/decisions/0040)
  { path: "/payment/sandbox/refund/{value}", fields: ["key"], intents: ["confirm", "fail"] },
  { path: "/payment/webhook/{value}", fields: ["id", "type", "data", "created"], raw: true },
  { path: "/theme", fields: ["darkMode", "redirectTo"] },
  { path: "/account/cards/{cardId}/alias", fields: ["alias", "version"] },
  { path: "/account/cards/{cardId}/status", fields: ["change", "version"] },
  {
    path: "/account/cards/{cardId}/pin",
    fields: ["pin", "pinRepeat", "password", "version"],
    intents: ["set", "change", "disable"],
  },
  { path: "/account/cards/apply", fields: CARD_APPLICATION },
  // without JavaScript the store search is a button of the application form
  { path: "/account/cards/apply", fields: CARD_APPLICATION, intents: ["findStore", "moreStores"] },
  { path: "/account/shareholder/sell", fields: ["quantity"] },
  {
    path: "/dev/cards",
    fields: ["applicationId", "cardId"],
    intents: ["advance", "decline", "fail", "block", "unblock", "blockPermanently", "pinFailure"],
    anyCustomer: true,
  },
  { path: "/content/shares", fields: ["quantity", "addressId", "statutes", "privacy"] },
  { path: "/content/shares/cancel", fields: ["purchaseId", "redirectTo"] },
  { path: "/cart/shares", fields: ["redirectTo", "quiet"] },
  { path: "/signing/sandbox/{ref}", fields: [], intents: ["sign", "decline"], anyCustomer: true },
  {
    path: "/signing/webhook",
    fields: ["eventId", "ref", "outcome"],
    raw: true,
    signatureHeader: "X-Signing-Signature",
  },
  { path: "/dev/shares", fields: ["purchaseId"], anyCustomer: true },
  // takes no post: 405 to every form, nothing else
  { path: "/builds/latest", fields: [] },
  // the consent banner and the cookie settings (a signed-in customer's choice is recorded)
  { path: "/consent", fields: ["choice", "category", "consentVersion", "source", "back"] },
  // the tag manager's development stand-in: records data-layer entries, no customer data
  { path: "/dev/tag-manager/collect", fields: ["container", "page", "payload"] },
  {
    path: "/account/abocenter/marketing",
    fields: ["newsletter", "personalisedOffers", "postalAdvertising", "email", "website", "form_started"],
    intents: ["preferences", "subscribe"],
  },
  { path: "/newsletter/confirm/{value}", fields: [] },
  // the unsubscribe link takes posts without a token by design (docs/decisions/0026): its own key is the link
  { path: "/newsletter/unsubscribe/{customerId}/{value}", fields: ["List-Unsubscribe"] },
];

export const PAGES: PageTarget[] = [
  { path: "/", params: [] },
  { path: "/catalog/category/{category}", params: FILTERS },
  { path: "/catalog/category/startseite", params: FILTERS },
  { path: "/catalog/product/{sku}", params: [] },
  { path: "/search/find", params: ["q", ...FILTERS] },
  { path: "/search/suggest", params: ["q"] },
  { path: "/builds/latest", params: [] },
  { path: "/login", params: ["redirectTo"] },
  { path: "/register", params: [] },
  { path: "/password/forgot", params: ["reason"] },
  { path: "/password/reset/{customerId}/{value}", params: [] },
  { path: "/customer/activate/user/{customerId}/activationtoken/{value}", params: [] },
  { path: "/customer/email/confirm/{customerId}/{value}", params: [] },
  { path: "/account", params: [] },
  { path: "/account/customer", params: [] },
  { path: "/account/address", params: [] },
  { path: "/account/address/new", params: [] },
  { path: "/account/address/{addressId}/edit", params: [] },
  { path: "/account/address/{addressId}/delete", params: [] },
  { path: "/account/wishlist", params: [] },
  { path: "/account/order/overview", params: ["filter"] },
  { path: "/account/order/{orderNumber}", params: [] },
  { path: "/account/order/{orderNumber}/invoice", params: [] },
  { path: "/account/order/{orderNumber}/credit-note/{value}", params: [] },
  { path: "/account/voucher", params: [] },
  { path: "/account/balance", params: ["filter", "limit"] },
  { path: "/account/cards", params: [] },
  { path: "/account/cards/{cardId}/alias", params: [] },
  { path: "/account/cards/{cardId}/status", params: [] },
  { path: "/account/cards/{cardId}/pin", params: [] },
  { path: "/account/cards/apply", params: [] },
  { path: "/account/shareholder", params: [] },
  { path: "/account/shareholder/listing", params: [] },
  { path: "/account/shareholder/sell", params: [] },
  { path: "/cart", params: [] },
  { path: "/cart/gifts", params: [] },
  { path: "/checkout", params: ["carrier", "more", "store", "storeSearch", "allStores"] },
  { path: "/checkout/address", params: [] },
  { path: "/checkout/return", params: ["payment", "cancel"] },
  { path: "/checkout/success", params: ["order"] },
  { path: "/payment/sandbox/{paymentId}", params: [] },
  { path: "/content/{value}", params: [] },
  { path: "/content/{value}/{value}", params: [] },
  { path: "/content/markt/{storeId}", params: [] },
  { path: "/content/map", params: ["lat", "lng", "zoom"] },
  { path: "/map/tiles/{value}/{value}/{value}", params: [] },
  { path: "/pages/legal", params: [] },
  { path: "/api", params: [] },
  { path: "/pages/legal/{value}", params: [] },
  { path: "/images/products/{value}", params: [] },
  { path: "/images/photos/{value}", params: ["w"] },
  { path: "/locales/{value}/{value}", params: ["v"] },
  { path: "/dev/mailbox", params: ["to"] },
  { path: "/dev/cards", params: [] },
  { path: "/content/shares", params: [] },
  { path: "/content/shares/confirm", params: [] },
  { path: "/content/shares/cancel", params: [] },
  { path: "/account/shareholder/status", params: [] },
  { path: "/cart/shares", params: [] },
  { path: "/signing/sandbox/{ref}", params: [] },
  { path: "/signing/webhook", params: [] },
  { path: "/dev/shares", params: [] },
  { path: "/theme", params: [] },
  { path: "/consent", params: ["back"] },
  { path: "/dev/tag-manager", params: [] },
  { path: "/dev/tag-manager/gtm.js", params: ["id"] },
  { path: "/dev/tag-manager/collect", params: [] },
  { path: "/account/abocenter/marketing", params: [] },
  { path: "/newsletter/confirm/{value}", params: [] },
  { path: "/newsletter/unsubscribe/{customerId}/{value}", params: [] },
  { path: "/logout", params: [] },
  { path: "/signup", params: [] },
  { path: "/payment/sandbox/refund/{value}", params: ["key"] },
  // the splat route: locale prefix, redirects, login-required paths, anything else
  { path: "/de/{value}", params: [] },
  { path: "/{value}", params: [] },
  { path: "/{value}/{value}", params: [] },
];

/** Every cookie the shop reads. */
export const COOKIES = ["__session", "__flash", "csrf", "dark_mode", "__device", "consent", "__d1b", "__staff"];

export const CATEGORIES = ["milch", "milch-eier", "obst-gemuese", "gibt-es-nicht"];
export const SKUS = ["120001", "120002", "999999", "0"];
export const STORE_IDS = ["leipzig-gohlis", "leipzig-markthalle-fisch", "gibt-es-nicht"];

// staff forms: the fuzz signs in as staff (issue 32)
export const STAFF_FORMS: FormTarget[] = [
  // the cooperative (Gero Genosse): admit a signed declaration, refuse one with a reason, record a payout
  { path: "/staff/cooperative?index", fields: ["purchaseId"] },
  { path: "/staff/cooperative/declarations/{value}/refuse", fields: ["reason"] },
  { path: "/staff/cooperative/notices/{value}", fields: ["paidOn"] },
  { path: "/staff/login", fields: ["staffId", "redirectTo"] },
  { path: "/staff/logout", fields: [] },
  { path: "/staff/members", fields: ["name", "email", "role", "storeId"] },
  {
    path: "/staff/members/{staffId}",
    fields: ["role", "storeId", "active", "beforeRole", "beforeStoreId", "beforeActive"],
  },
  // support: a customer's account (issue 32 §4); {customerId} of a customer and of none → 404
  {
    path: "/staff/customers/{customerId}",
    fields: ["intent", "kind", "amount", "reason", "token"],
    intents: ["block", "unblock", "resendActivation", "endSessions", "credit"],
  },
  { path: "/staff/customers/{customerId}/export", fields: [] },
  { path: "/staff/customers/{customerId}/erase", fields: ["email"] },
  // „Erstatten“ in the withdrawals queue
  { path: "/staff/withdrawals", fields: ["order"] },
  // „Bestellung stornieren“
  { path: "/staff/orders/{orderNumber}/cancel", fields: ["reason"] },
  {
    path: "/staff/orders/{orderNumber}",
    fields: [
      "sku",
      "gift",
      "picked",
      "trackingNumber",
      "lines[0].sku",
      "lines[0].gift",
      "lines[0].expected",
      "lines[0].missing",
      "lines[1].missing",
    ],
    intents: ["pick", "short", "ready", "collected", "ship", "deliver"],
  },
  // stores (Sven Standort, issue 33 §4): hours, click & collect, closed days, holidays
  {
    path: "/staff/stores/{storeId}",
    fields: [
      "version",
      "opening0",
      "staffed0",
      "opening5",
      "staffed5",
      "clickAndCollect",
      "capacity",
      "day",
      "reason",
      "state",
      "year",
      "opening",
      "staffed",
    ],
    intents: ["hours", "pickup", "closeDay", "holidays", "reopen", "specialDay"],
  },
  // marketing (Mia Marketing, issue 33): a new voucher, switching one off or on, the gift steps
  {
    path: "/staff/marketing?index",
    fields: ["code", "kind", "value", "minOrder", "validUntil", "usageLimit", "oncePerCustomer", "label"],
  },
  { path: "/staff/marketing/toggle", fields: ["code", "active"] },
  {
    path: "/staff/marketing/gifts",
    fields: ["id", "beforeThreshold", "beforeCount", "beforeSkus", "threshold", "giftCount", "skus"],
    intents: ["add", "save", "remove"],
  },
  // the range (Rudi Regal, issue 33 §2): a product's price, stock, data, category, allergens, publishing
  {
    path: "/staff/range/{sku}",
    fields: [
      "intent",
      "price",
      "reduction",
      "priceVersion",
      "delta",
      "reason",
      "revision",
      "name",
      "brand",
      "description",
      "taxRate",
      "deposit",
      "netQuantity",
      "unit",
      "packCount",
      "minAge",
      "categoryId",
      "supplierId",
      "allergens",
      "flavorings",
      "alcoholPercent",
      "is_vegan",
      "fat",
      "published",
    ],
    intents: ["price", "stock", "details", "publish"],
  },
  // the range's photos (decision 0048): upload (multipart; the fuzz sends text where the file goes), remove, make main
  {
    path: "/staff/range/{sku}",
    fields: ["intent", "photosRevision", "photo", "file"],
    intents: ["photoAdd", "photoRemove", "photoMain"],
    multipart: true,
  },
  // the range's import (issue 33 §1): a file for the dry run, and confirming a checked import
  { path: "/staff/range/import?index", fields: ["file"], multipart: true },
  { path: "/staff/range/import/{value}", fields: ["intent"], intents: ["confirm"] },
];

/** The back office's pages with the query parameters their loaders read (signed in as staff, issue 32). */
export const STAFF_PAGES: PageTarget[] = [
  { path: "/staff/cooperative", params: ["sort", "dir", "page"] },
  { path: "/staff/cooperative/declarations/{value}/refuse", params: [] },
  { path: "/staff/cooperative/notices", params: ["state", "sort", "dir", "page"] },
  { path: "/staff/cooperative/notices/{value}", params: [] },
  { path: "/staff", params: [] },
  { path: "/staff/login", params: ["redirectTo"] },
  { path: "/staff/members", params: ["q", "role", "sort", "dir", "page"] },
  { path: "/staff/members/{staffId}", params: [] },
  { path: "/staff/audit", params: ["staff", "action", "customer", "order", "from", "to", "sort", "dir", "page"] },
  { path: "/staff/customers", params: ["q", "kind", "sort", "dir", "page"] },
  { path: "/staff/customers/{customerId}", params: [] },
  { path: "/staff/customers/{customerId}/erase", params: [] },
  { path: "/staff/withdrawals", params: ["q", "state", "sort", "dir", "page"] },
  { path: "/staff/orders/{orderNumber}/cancel", params: [] },
  { path: "/staff/orders", params: ["state", "day", "carrier", "sort", "dir", "page"] },
  { path: "/staff/orders/{orderNumber}", params: [] },
  { path: "/staff/stores", params: ["q", "cc", "sort", "dir", "page"] },
  { path: "/staff/stores/{storeId}", params: [] },
  { path: "/staff/marketing", params: ["q", "state", "sort", "dir", "page"] },
  { path: "/staff/marketing/gifts", params: [] },
  { path: "/staff/range", params: ["q", "category", "show", "sort", "dir", "page"] },
  { path: "/staff/range/{sku}", params: [] },
  { path: "/staff/range/import", params: ["sort", "dir", "page"] },
  { path: "/staff/range/import/{value}", params: ["show", "sort", "dir", "page"] },
  { path: "/staff/range/export", params: ["format"] },
];
