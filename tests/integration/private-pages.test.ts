/**
 * Every page that reads a visitor's cookie in its loader (consent, dark mode, CSRF token, session
 * and with it the cart, wishlist, orders), or that shows what a private link opened, answers
 * `private, no-store`, as a whole page and as page data for a navigation with JavaScript (issue 31:
 * a visitor's `/consent` went out without any Cache-Control). The table names each route module
 * once; a new route module whose loader reads a cookie or answers privately fails the first test
 * until it joins the table.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRIVATE_CACHE_CONTROL } from "~/platform/edge-cache.server";
import { Browser, DEMO, signIn } from "./browser";
import { staffBrowser, type DemoStaff } from "./staff-browser";
import { startShop, type TestShop } from "./worker";

interface Row {
  /** The route module, as named in app/routes. */
  route: string;
  path: string;
  /** A visitor with the consent and dark-mode cookies (and the CSRF token's once a form gave it), or the demo customer. */
  as: "visitor" | "customer" | DemoStaff;
  status: number;
}

/** Ids of the demo customer's data, looked up once the shop runs. */
type Ids = Record<"address" | "order" | "card" | "delivery", string>;

const rows = (ids: Ids): Row[] => [
  { route: "consent.tsx", path: "/consent", as: "visitor", status: 200 },
  { route: "login.tsx", path: "/login", as: "visitor", status: 200 },
  { route: "register.tsx", path: "/register", as: "visitor", status: 200 },
  { route: "password.forgot.tsx", path: "/password/forgot", as: "visitor", status: 200 },
  { route: "password.reset.($id).$token.tsx", path: "/password/reset/100001/abgelaufen", as: "visitor", status: 410 },
  { route: "account.abocenter.marketing.tsx", path: "/account/abocenter/marketing", as: "visitor", status: 200 },
  { route: "newsletter.confirm.$token.tsx", path: "/newsletter/confirm/abgelaufen", as: "visitor", status: 410 },
  {
    route: "newsletter.unsubscribe.$id.$token.tsx",
    path: "/newsletter/unsubscribe/100001/abgelaufen",
    as: "visitor",
    status: 404,
  },
  {
    route: "customer.activate.user.($id).activationtoken.$token.tsx",
    path: "/customer/activate/user/100001/activationtoken/abgelaufen",
    as: "visitor",
    status: 410,
  },
  {
    route: "customer.email.confirm.$id.$token.tsx",
    path: "/customer/email/confirm/100001/abgelaufen",
    as: "visitor",
    status: 410,
  },
  { route: "signing.sandbox.$ref.tsx", path: "/signing/sandbox/sig_seed_emil_declaration", as: "visitor", status: 200 },
  { route: "dev.cards.tsx", path: "/dev/cards", as: "visitor", status: 200 },
  { route: "dev.shares.tsx", path: "/dev/shares", as: "visitor", status: 200 },
  { route: "dev.mailbox.tsx", path: "/dev/mailbox", as: "visitor", status: 200 },
  { route: "dev.tag-manager.tsx", path: "/dev/tag-manager", as: "visitor", status: 200 },
  { route: "$.tsx", path: "/account/gibtesnicht", as: "customer", status: 404 },
  { route: "account._index.tsx", path: "/account", as: "customer", status: 200 },
  { route: "account.customer.tsx", path: "/account/customer", as: "customer", status: 200 },
  { route: "account.address.tsx", path: "/account/address", as: "customer", status: 200 },
  { route: "account.address.new.tsx", path: "/account/address/new", as: "customer", status: 200 },
  { route: "account.address.$id.edit.tsx", path: `/account/address/${ids.address}/edit`, as: "customer", status: 200 },
  {
    route: "account.address.$id.delete.tsx",
    path: `/account/address/${ids.address}/delete`,
    as: "customer",
    status: 200,
  },
  { route: "account.balance.tsx", path: "/account/balance", as: "customer", status: 200 },
  { route: "account.cards.tsx", path: "/account/cards", as: "customer", status: 200 },
  { route: "account.cards_.apply.tsx", path: "/account/cards/apply", as: "customer", status: 200 },
  { route: "account.cards.$id.alias.tsx", path: `/account/cards/${ids.card}/alias`, as: "customer", status: 200 },
  { route: "account.cards.$id.pin.tsx", path: `/account/cards/${ids.card}/pin`, as: "customer", status: 200 },
  { route: "account.cards.$id.status.tsx", path: `/account/cards/${ids.card}/status`, as: "customer", status: 200 },
  { route: "account.order.overview.tsx", path: "/account/order/overview", as: "customer", status: 200 },
  { route: "account.order.$number.tsx", path: `/account/order/${ids.order}`, as: "customer", status: 200 },
  {
    route: "account.order.$number_.invoice.tsx",
    path: `/account/order/${ids.order}/invoice`,
    as: "customer",
    status: 200,
  },
  // her order has no correction (none is seeded): the 404 is private too
  {
    route: "account.order.$number_.credit-note.$credit.tsx",
    path: `/account/order/${ids.order}/credit-note/1`,
    as: "customer",
    status: 404,
  },
  { route: "account.shareholder.tsx", path: "/account/shareholder", as: "customer", status: 200 },
  { route: "account.shareholder.sell.tsx", path: "/account/shareholder/sell", as: "customer", status: 200 },
  { route: "account.shareholder_.listing.tsx", path: "/account/shareholder/listing", as: "customer", status: 200 },
  { route: "account.wishlist.tsx", path: "/account/wishlist", as: "customer", status: 200 },
  { route: "cart.tsx", path: "/cart", as: "customer", status: 200 },
  { route: "cart.gifts.tsx", path: "/cart/gifts", as: "customer", status: 200 },
  { route: "checkout.tsx", path: "/checkout", as: "customer", status: 200 },
  { route: "checkout.address.tsx", path: "/checkout/address", as: "customer", status: 200 },
  { route: "checkout_.success.tsx", path: `/checkout/success?order=${ids.order}`, as: "customer", status: 200 },
  { route: "content.$.tsx", path: "/content/ueber-uns", as: "customer", status: 200 },
  { route: "content.shares.tsx", path: "/content/shares", as: "customer", status: 200 },
  { route: "content.shares.confirm.tsx", path: "/content/shares/confirm", as: "customer", status: 200 },
  { route: "content.shares.cancel.tsx", path: "/content/shares/cancel", as: "customer", status: 200 },
  { route: "payment.sandbox.$paymentId.tsx", path: "/payment/sandbox/pay_gibtesnicht", as: "customer", status: 404 },
  // the back office: whoever's door it is, never a cache's
  { route: "staff.tsx", path: "/staff/login", as: "visitor", status: 200 },
  { route: "staff.login.tsx", path: "/staff/login", as: "customer", status: 200 },
  { route: "staff._index.tsx", path: "/staff", as: "ada", status: 200 },
  { route: "staff.members._index.tsx", path: "/staff/members", as: "ada", status: 200 },
  { route: "staff.members.$id.tsx", path: "/staff/members/1", as: "ada", status: 200 },
  { route: "staff.audit.tsx", path: "/staff/audit", as: "ada", status: 200 },
  { route: "staff.orders._index.tsx", path: "/staff/orders", as: "lars", status: 200 },
  { route: "staff.orders.$number._index.tsx", path: `/staff/orders/${ids.delivery}`, as: "lars", status: 200 },
  { route: "staff.orders_.$number_.cancel.tsx", path: `/staff/orders/${ids.delivery}/cancel`, as: "lars", status: 200 },
  { route: "staff.withdrawals.tsx", path: "/staff/withdrawals", as: "sina", status: 200 },
  { route: "staff.stores._index.tsx", path: "/staff/stores", as: "sven", status: 200 },
  { route: "staff.stores.$id.tsx", path: "/staff/stores/leipzig-gohlis", as: "sven", status: 200 },
  { route: "staff.customers._index.tsx", path: "/staff/customers", as: "sina", status: 200 },
  { route: "staff.customers.$id.tsx", path: "/staff/customers/100001", as: "sina", status: 200 },
  { route: "staff.customers.$id_.erase.tsx", path: "/staff/customers/100001/erase", as: "sina", status: 200 },
  { route: "staff.cooperative.tsx", path: "/staff/cooperative", as: "gero", status: 200 },
  { route: "staff.cooperative._index.tsx", path: "/staff/cooperative", as: "gero", status: 200 },
  {
    route: "staff.cooperative.declarations.$id.refuse.tsx",
    path: "/staff/cooperative/declarations/seed-share-purchase-emil/refuse",
    as: "gero",
    status: 200,
  },
  { route: "staff.cooperative.notices._index.tsx", path: "/staff/cooperative/notices", as: "gero", status: 200 },
  {
    route: "staff.cooperative.notices.$id.tsx",
    path: "/staff/cooperative/notices/seed-share-dora-2",
    as: "gero",
    status: 200,
  },
  { route: "staff.marketing.tsx", path: "/staff/marketing", as: "mia", status: 200 },
  { route: "staff.marketing._index.tsx", path: "/staff/marketing", as: "mia", status: 200 },
  { route: "staff.marketing.gifts.tsx", path: "/staff/marketing/gifts", as: "mia", status: 200 },
  { route: "staff.range._index.tsx", path: "/staff/range", as: "rudi", status: 200 },
  { route: "staff.range.$sku.tsx", path: "/staff/range/120001", as: "rudi", status: 200 },
  { route: "staff.range.import._index.tsx", path: "/staff/range/import", as: "rudi", status: 200 },
  // an import's report: the seeded shop has none yet
  { route: "staff.range.import.$id.tsx", path: "/staff/range/import/999999", as: "rudi", status: 404 },
  { route: "staff.range.export.tsx", path: "/staff/range/export", as: "rudi", status: 200 },
];

const COOKIE_READER =
  /\b(?:requireCustomer|requireSession|optionalCustomer|signedOutPage|privateFormPage|csrfToken|readConsent|readDarkMode|readFlash|requireStaff|currentStaff)\(|context\.session\(\)|headers\.get\("Cookie"\)|PRIVATE_CACHE_CONTROL/;

let shop: TestShop;
let table: Row[];
let visitor: Browser;
let customer: Browser;
beforeAll(async () => {
  shop = await startShop();
  const one = (sql: string) =>
    shop.db
      .prepare(sql)
      .bind(100001)
      .first<{ id: string | number }>()
      .then((row) => String(row?.id));
  table = rows({
    address: await one("SELECT id FROM address WHERE customer_id = ? ORDER BY id"),
    order: await one("SELECT increment_id AS id FROM customer_order WHERE customer_id = ? ORDER BY increment_id"),
    card: await one("SELECT id FROM card WHERE customer_id = ? ORDER BY id"),
    delivery: await one(
      "SELECT increment_id AS id FROM customer_order WHERE customer_id = ? AND channel = 'online' AND store_id IS NULL ORDER BY increment_id",
    ),
  });
  // a membership declaration of hers that awaits her signature: the confirm and cancel dialogs show
  const now = new Date().toISOString();
  await shop.db
    .prepare(
      `INSERT INTO share_purchase (id, customer_id, quantity, status, declaration, signing_ref, created_at, updated_at)
       VALUES ('private-pages', 100001, 1, 'awaiting_signature', '{}', ?, ?, ?)`,
    )
    .bind("sig_private_pages", now, now)
    .run();
  visitor = new Browser(shop);
  visitor.cookies.set("consent", "v1%3Astatistics");
  visitor.cookies.set("dark_mode", "1");
  customer = new Browser(shop);
  expect((await signIn(customer, DEMO.active)).res.status).toBe(302);
  // the sign-in's notice is shown (and cleared) on the first page
  await customer.get("/");
});
afterAll(async () => {
  await shop?.dispose();
});

describe("pages that read a visitor's cookie answer private, no-store", () => {
  it("the table names every route module whose loader reads a cookie or answers privately", async () => {
    const dir = path.resolve(import.meta.dirname, "../../app/routes");
    const readers: string[] = [];
    for (const file of await readdir(dir)) {
      const source = await readFile(path.join(dir, file), "utf8");
      const page = /^export default/m.test(source) && /export (?:async )?function loader/.test(source);
      if (page && COOKIE_READER.test(source)) readers.push(file);
    }
    const named = new Set(table.map((row) => row.route));
    expect(readers.filter((file) => !named.has(file))).toEqual([]);
    expect(readers.length).toBeGreaterThan(40);
  });

  it("as a whole page and as page data", async () => {
    const wrong: string[] = [];
    for (const row of table) {
      const browser =
        row.as === "visitor" ? visitor : row.as === "customer" ? customer : await staffBrowser(shop, row.as);
      const url = new URL(row.path, shop.origin);
      const data = `${url.pathname}.data${url.search}`;
      for (const target of [row.path, data]) {
        const { res } = await browser.get(target);
        const cacheControl = res.headers.get("Cache-Control");
        if (res.status !== row.status || cacheControl !== PRIVATE_CACHE_CONTROL)
          wrong.push(`${row.as} ${target}: ${res.status}, Cache-Control ${cacheControl}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
