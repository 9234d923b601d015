// Demo order history of Anna (README "Demo customers"): store purchases paid with her store card,
// a click & collect order, online deliveries, plus account balance with its ledger. Dates are
// relative to the day the seed is loaded, so the history always looks recent.
export const DEMO_CUSTOMER_ID = 100001;

export const orders = [
  {
    id: "seed-order-1",
    number: 100000001,
    daysAgo: 41,
    channel: "store",
    store: "leipzig-suedvorstadt",
    status: "complete",
    payment: "storecard",
    lines: [
      ["100001", 2],
      ["110001", 1],
      ["130001", 1],
      ["120026", 3],
    ],
  },
  {
    id: "seed-order-2",
    number: 100000002,
    daysAgo: 27,
    channel: "online",
    carrier: "myensopackagedelivery",
    status: "complete",
    payment: "paypal",
    lines: [
      ["100001", 4],
      ["130042", 2],
      ["160009", 2],
      ["180017", 1],
      ["200009", 3],
      ["210012", 2],
    ],
  },
  {
    id: "seed-order-3",
    number: 100000003,
    daysAgo: 19,
    channel: "store",
    store: "leipzig-gohlis",
    status: "complete",
    payment: "storecard",
    lines: [
      ["110001", 2],
      ["190018", 1],
    ],
  },
  {
    id: "seed-order-4",
    number: 100000004,
    daysAgo: 12,
    channel: "online",
    carrier: "clickandcollect",
    store: "leipzig-suedvorstadt",
    status: "complete",
    payment: "card",
    lines: [
      ["120026", 2],
      ["130001", 3],
      ["160009", 4],
      ["100001", 2],
      ["200009", 2],
    ],
  },
  {
    id: "seed-order-5",
    number: 100000005,
    daysAgo: 2,
    channel: "online",
    carrier: "clickandcollect",
    store: "leipzig-gohlis",
    status: "ready_for_pickup",
    payment: "paypal",
    lines: [
      ["180017", 2],
      ["210012", 3],
      ["130042", 2],
      ["190018", 2],
    ],
  },
  {
    id: "seed-order-6",
    number: 100000006,
    daysAgo: 1,
    channel: "online",
    carrier: "myensofoodshipping",
    status: "processing",
    payment: "sepa",
    lines: [
      ["100001", 3],
      ["110001", 3],
      ["120026", 2],
      ["200009", 4],
      ["130001", 2],
    ],
  },
];

export const balance = {
  cents: 2_500,
  entries: [
    { id: "seed-balance-1", daysAgo: 60, type: 1, cents: 1_500, note: "Willkommensguthaben" },
    { id: "seed-balance-2", daysAgo: 30, type: 6, cents: 1_000, note: "Freundschaftswerbung" },
  ],
};

// Postcodes of Leipzig that the shop's own chilled vans reach (carrier myensofoodshipping).
export const deliveryArea = [
  "04103",
  "04105",
  "04107",
  "04109",
  "04155",
  "04157",
  "04177",
  "04179",
  "04229",
  "04275",
  "04277",
  "04279",
  "04299",
  "04315",
  "04317",
  "04318",
  "04347",
  "04357",
];
