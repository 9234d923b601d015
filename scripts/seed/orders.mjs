// Demo order history of Anna (README "Demo customers"): store purchases paid with her store card,
// a click & collect order, online deliveries, a cancelled order, plus account balance with its
// ledger. Dates are relative to the day the seed is loaded, so the history always looks recent.
// `credit` is the balance an order used; the ledger has the matching entry (checked by
// tests/unit/seed-balance.test.ts).
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
    // part of it paid at the till with balance, through the customer card
    credit: 475,
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
    credit: 1_000,
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
  {
    // the payment was declined: the order is cancelled and its credit given back (type 5 entry)
    id: "seed-order-7",
    number: 100000007,
    daysAgo: 0.25,
    channel: "online",
    carrier: "myensopackagedelivery",
    status: "canceled",
    payment: "paypal",
    credit: 800,
    lines: [
      ["170001", 1],
      ["160009", 2],
    ],
  },
];

// Every entry type (1 credit, 2 used online, 3 correction, 4 survey, 5 given back, 6 refer a
// friend, 7 sponsoring, 8 goodwill, 9 other, 10 used in a store), newest last; `cents` is the sum.
export const balance = {
  cents: 2_500,
  entries: [
    { id: "seed-balance-1", daysAgo: 150, type: 1, cents: 1_500, note: "Willkommensguthaben" },
    { id: "seed-balance-2", daysAgo: 128, type: 6, cents: 1_000, note: "Freundschaftswerbung: Jonas W." },
    { id: "seed-balance-3", daysAgo: 110, type: 4, cents: 200, note: "Kundenumfrage Sommer" },
    { id: "seed-balance-4", daysAgo: 94, type: 7, cents: 500, note: "Sponsoring Sportverein SV Südvorstadt" },
    { id: "seed-balance-5", daysAgo: 80, type: 3, cents: -125, note: "Korrektur Pfandbon (doppelt gutgeschrieben)" },
    { id: "seed-balance-6", daysAgo: 61, type: 9, cents: 300, note: "Gewinnspiel Hoffest" },
    { id: "seed-balance-7", daysAgo: 45, type: 4, cents: 200, note: "Kundenumfrage Herbst" },
    {
      id: "seed-balance-8",
      daysAgo: 25,
      type: 8,
      cents: 400,
      note: "Kulanz: verspätete Lieferung",
      order: "seed-order-2",
    },
    { id: "seed-balance-9", daysAgo: 19, type: 10, cents: -475, note: "", order: "seed-order-3" },
    { id: "seed-balance-10", daysAgo: 12, type: 2, cents: -1_000, note: "", order: "seed-order-4" },
    { id: "seed-balance-11", daysAgo: 0.25, type: 2, cents: -800, note: "", order: "seed-order-7" },
    { id: "seed-balance-12", daysAgo: 0.24, type: 5, cents: 800, note: "", order: "seed-order-7" },
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
