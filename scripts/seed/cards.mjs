// Anna's cards and her card application (README "Demo customers"): every card type and every
// card state, one PIN whose failed attempts are used up, and the application her first card
// came from. Card numbers are 16 digits starting 9276 with a Luhn check digit.
import { DEMO_CUSTOMER_ID } from "./orders.mjs";

/** The demo PIN of Anna's cards that have one. */
export const DEMO_PIN = "1234";

function withCheckDigit(body) {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) d *= 2;
    sum += d > 9 ? d - 9 : d;
  }
  return body + ((10 - (sum % 10)) % 10);
}

export const cards = [
  {
    id: 300001,
    number: withCheckDigit("927600104711203"),
    type: "rfid",
    alias: "Meine Karte",
    status: "active",
    pin: true,
    failed: 0,
    daysAgo: 400,
    application: "seed-card-application-1",
  },
  {
    id: 300002,
    number: withCheckDigit("927600104711211"),
    type: "apple_wallet",
    alias: "iPhone",
    status: "locked",
    pin: false,
    failed: 0,
    daysAgo: 200,
  },
  {
    id: 300003,
    number: withCheckDigit("927600104711229"),
    type: "google_wallet",
    alias: "",
    status: "provider_blocked",
    pin: true,
    failed: 3,
    daysAgo: 120,
  },
  {
    id: 300004,
    number: withCheckDigit("927600098231107"),
    type: "rfid",
    alias: "Alte Karte",
    status: "blocked_permanently",
    pin: false,
    failed: 0,
    daysAgo: 900,
  },
  {
    id: 300005,
    number: withCheckDigit("927600104711237"),
    type: "enso_app",
    alias: "Frischkorb-App",
    status: "active",
    pin: false,
    failed: 0,
    daysAgo: 30,
  },
].map((c) => ({ ...c, customerId: DEMO_CUSTOMER_ID }));

export const applications = [
  {
    id: "seed-card-application-1",
    customerId: DEMO_CUSTOMER_ID,
    state: "successful",
    storeId: "leipzig-suedvorstadt",
    gender: "w",
    dob: "1988-04-17",
    telephone: "+49 341 1234567",
    nameOnCard: "Anna Schmidt",
    sepa: { holder: "Anna Schmidt", bank: "Sparkasse Leipzig", iban: "DE89370400440532013000", bic: "COBADEFFXXX" },
    daysAgo: 414,
    card: 300001,
  },
];
