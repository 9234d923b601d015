// Free-gift steps (the first at 50 €, up to three gifts) and demo vouchers.
export const giftRules = [
  { id: "gift-50", threshold: 5_000, count: 1, skus: ["120026", "130042", "160009"] },
  { id: "gift-75", threshold: 7_500, count: 2, skus: ["180017", "200009"] },
  { id: "gift-100", threshold: 10_000, count: 3, skus: ["190018", "210012"] },
];

export const coupons = [
  {
    code: "FRISCH5",
    kind: "fixed",
    value: 500,
    min_order_cents: 2_500,
    label: "5 € Willkommensrabatt",
    valid_until: null,
  },
  { code: "HERBST10", kind: "percent", value: 10, min_order_cents: 0, label: "10 % Herbstrabatt", valid_until: null },
  {
    code: "VERSANDFREI",
    kind: "freeShipping",
    value: 0,
    min_order_cents: 0,
    label: "Versandkostenfrei",
    valid_until: null,
  },
  {
    code: "SOMMER2025",
    kind: "percent",
    value: 15,
    min_order_cents: 0,
    label: "15 % Sommerrabatt",
    valid_until: "2025-08-31",
  },
];
