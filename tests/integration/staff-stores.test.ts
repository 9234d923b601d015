/**
 * The back office's stores (issue 33 §4, decision 0045): Sven Standort's list and edits, and what
 * follows at once: the checkout's click & collect stores and slots, the store page (edge cache on)
 * and the map. Every change leaves one audit entry; a wrong field, a stale form or a concurrent
 * second click changes nothing; booked pickups on a day later closed stay and are listed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEEKDAYS } from "~/domain/store/schema";
import { dayHoursText } from "~/domain/store/hours";
import { addDays, berlinToday, inBerlin } from "~/domain/time/berlin";
import type { Browser } from "./browser";
import { checkoutHelpers } from "./checkout-helpers";
import { auditCount, staffBrowser, staffCsrf } from "./staff-browser";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
let sven: Browser;
let h: ReturnType<typeof checkoutHelpers>;

beforeAll(async () => {
  // the edge cache on: a store page or the map must still show a change at once
  shop = await startShop({ bindings: { EDGE_CACHE_SECONDS: "60" } });
  sven = await staffBrowser(shop, "sven");
  h = checkoutHelpers(shop);
});
afterAll(async () => {
  await shop?.dispose();
});

interface StoreFacts {
  version: number;
  opening_hours: string;
  staffed_hours: string;
  click_and_collect: number;
  pickup_capacity: number;
}

const factsOf = (id: string) =>
  shop.db
    .prepare("SELECT version, opening_hours, staffed_hours, click_and_collect, pickup_capacity FROM store WHERE id = ?")
    .bind(id)
    .first<StoreFacts>() as Promise<StoreFacts>;

/** The hours form as the page fills it, with some days changed. */
async function hoursForm(id: string, changes: Record<string, string> = {}) {
  const facts = await factsOf(id);
  const opening = JSON.parse(facts.opening_hours);
  const staffed = JSON.parse(facts.staffed_hours);
  return {
    intent: "hours",
    version: String(facts.version),
    ...Object.fromEntries(
      WEEKDAYS.flatMap((d) => [
        [`opening${d}`, dayHoursText(opening[d])],
        [`staffed${d}`, dayHoursText(staffed[d])],
      ]),
    ),
    ...changes,
  };
}

async function post(id: string, fields: Record<string, string>) {
  return sven.post(`/staff/stores/${id}`, fields, { csrf: await staffCsrf(sven, `/staff/stores/${id}`) });
}

const closedRows = async (id: string) =>
  (
    await shop.db
      .prepare("SELECT day, reason FROM store_closed_day WHERE store_id = ? ORDER BY day")
      .bind(id)
      .all<{ day: string; reason: string }>()
  ).results;

const anonymous = (path: string) => shop.fetch(path).then(async (res) => ({ res, html: await res.text() }));

describe("the list of stores", () => {
  it("all 172, paged in the URL; search by name, town or postcode; filter click & collect", async () => {
    const total = (await shop.db.prepare("SELECT count(*) AS n FROM store").first<{ n: number }>())!.n;
    expect(total).toBe(172);
    const first = await sven.get("/staff/stores");
    expect(first.res.status).toBe(200);
    expect(first.html).toContain("Märkte");
    const last = await sven.get(`/staff/stores?page=${Math.ceil(total / 50)}`);
    expect([...last.html.matchAll(/href="\/staff\/stores\/[a-z0-9-]+"/g)]).toHaveLength(total % 50);
    const gohlis = await sven.get("/staff/stores?q=Gohlis");
    expect(gohlis.html).toContain("/staff/stores/leipzig-gohlis");
    expect(gohlis.html).not.toContain("/staff/stores/leipzig-suedvorstadt");
    const byZip = await sven.get("/staff/stores?q=04275");
    expect(byZip.html).toContain("/staff/stores/leipzig-suedvorstadt");
    const off = await sven.get("/staff/stores?cc=off&sort=name&dir=desc");
    const offCount = (await shop.db.prepare("SELECT count(*) AS n FROM store WHERE click_and_collect = 0").first<{
      n: number;
    }>())!.n;
    expect([...off.html.matchAll(/href="\/staff\/stores\/[a-z0-9-]+"/g)]).toHaveLength(Math.min(offCount, 50));
    // a search for a LIKE wildcard finds nothing instead of everything
    expect((await sven.get("/staff/stores?q=%25")).html).toContain("Kein Markt passt");
  });
});

describe("hours", () => {
  it("new staffed hours change the checkout's slots and the cached store page and map at once; one audit entry", async () => {
    const id = "leipzig-suedvorstadt";
    const { browser } = await h.buyer();
    const query = `?carrier=clickandcollect&store=${id}`;
    const before = await h.checkoutForm(browser, query);
    expect(before.pickupSlots.length).toBeGreaterThan(0);
    // the store page and the map, once into the edge cache
    expect((await anonymous(`/content/markt/${id}`)).html).not.toContain("10:00–12:00");
    expect((await anonymous("/content/map")).html).not.toContain("10:00–12:00");

    const audit = await auditCount(shop);
    const narrow = Object.fromEntries(WEEKDAYS.map((d) => [`staffed${d}`, d === 6 ? "" : "10:00–12:00"]));
    const saved = await post(id, await hoursForm(id, narrow));
    expect(saved.res.status).toBe(302);
    expect(await auditCount(shop)).toBe(audit + 1);
    expect(JSON.parse((await factsOf(id)).staffed_hours)[0]).toEqual([["10:00", "12:00"]]);

    const after = await h.checkoutForm(browser, query);
    expect(after.pickupSlots.length).toBeGreaterThan(0);
    for (const key of after.pickupSlots) expect(inBerlin(new Date(key.split("|")[0])).time).toBe("10:00");
    const page = await anonymous(`/content/markt/${id}`);
    expect(page.res.headers.get("Cache-Control")).toMatch(/s-maxage=0/);
    expect(page.html).toContain("10:00–12:00");
    expect((await anonymous("/content/map")).html).toContain("10:00–12:00");
  });

  it("a wrong field: the German message at it, what was typed kept, nothing changed, no entry", async () => {
    const id = "leipzig-gohlis";
    const facts = await factsOf(id);
    const audit = await auditCount(shop);
    const cases: [Record<string, string>, string, string][] = [
      [{ opening5: "8 Uhr bis 20" }, "opening5", "Bitte Zeiten wie 08:00–20:00 eingeben"],
      [{ opening5: "20:00–08:00" }, "opening5", "Der Beginn muss vor dem Ende liegen"],
      [{ opening5: "25:00–26:00" }, "opening5", "Bitte Zeiten wie 08:00–20:00 eingeben"],
      [{ opening5: "08:00–14:00, 13:00–20:00" }, "opening5", "nicht überschneiden"],
      [{ opening5: "08:00–14:00", staffed5: "07:00–14:00" }, "staffed5", "innerhalb der Öffnungszeiten"],
    ];
    for (const [changes, field, message] of cases) {
      const res = await post(id, await hoursForm(id, changes));
      expect(res.res.status, JSON.stringify(changes)).toBe(400);
      expect(res.html).toContain(message);
      expect(res.html).toMatch(
        new RegExp(`id="[^"]*${field}[^"]*"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="${field}"`),
      );
      expect(res.html).toContain(`value="${changes[field]}"`);
    }
    // a form without its version (never sent by the page): the message stands above the form
    const { version: _, ...noVersion } = await hoursForm(id);
    const unversioned = await post(id, noVersion);
    expect(unversioned.res.status).toBe(400);
    expect(unversioned.html).toMatch(/role="alert"[^>]*>(?:<p>)?Das Formular ist veraltet/);
    expect(await factsOf(id)).toEqual(facts);
    expect(await auditCount(shop)).toBe(audit);
  });

  it("a stale form is refused (409) with the current store, and two clicks at once change it once", async () => {
    const id = "leipzig-plagwitz";
    const stale = await hoursForm(id, { opening0: "07:00–21:00", staffed0: "07:00–21:00" });
    expect((await post(id, await hoursForm(id, { opening1: "07:00–21:00", staffed1: "07:00–21:00" }))).res.status).toBe(
      302,
    );
    const facts = await factsOf(id);
    const audit = await auditCount(shop);
    const refused = await post(id, stale);
    expect(refused.res.status).toBe(409);
    expect(refused.html).toContain("inzwischen geändert");
    expect(refused.html).toContain('value="07:00–21:00"');
    expect(await factsOf(id)).toEqual(facts);
    expect(await auditCount(shop)).toBe(audit);

    const form = await hoursForm(id, { opening2: "07:30–21:00", staffed2: "08:00–20:00" });
    const csrf = await staffCsrf(sven, `/staff/stores/${id}`);
    const answers = await Promise.all([1, 2, 3].map(() => sven.post(`/staff/stores/${id}`, form, { csrf })));
    expect(answers.map((a) => a.res.status).sort()).toEqual([302, 409, 409]);
    expect((await factsOf(id)).version).toBe(facts.version + 1);
    expect(await auditCount(shop)).toBe(audit + 1);
  });
});

describe("closed days", () => {
  it("a closed day has no pickup slots and the store page says so; its booked order stays and is listed", async () => {
    const id = "leipzig-markthalle-fisch";
    await shop.db.prepare("UPDATE store SET click_and_collect = 1 WHERE id = ?").bind(id).run();
    const { browser, id: customerId } = await h.buyer();
    await shop.db
      .prepare("INSERT INTO customer_balance (customer_id, balance_cents) VALUES (?, 5000)")
      .bind(customerId)
      .run();
    // a week of slots ("more"): the first days alone may have none (a Saturday morning: the stall's
    // last slot is too soon, Sunday and Monday closed)
    const query = `?carrier=clickandcollect&store=${id}&more=1`;
    const f = await h.checkoutForm(browser, query);
    const slot = f.pickupSlots[0];
    const day = inBerlin(new Date(slot.split("|")[0])).date;
    const placed = await browser.post(
      `/checkout${query}`,
      {
        ...h.standardOrder(f, 0, {
          carrier: "clickandcollect",
          storeId: id,
          pickupSlot: slot,
          pickupTerms: "on",
          paymentMethod: "balance",
        }),
        deliverySlot: "",
        addressId: "",
      },
      { csrf: f.csrf },
    );
    expect(placed.res.headers.get("Location")).toMatch(/^\/checkout\/success\?order=\d+$/);
    const order = (await h.orderOf(f.key))!;

    const audit = await auditCount(shop);
    const closed = await post(id, {
      intent: "closeDay",
      version: String((await factsOf(id)).version),
      day,
      reason: "Inventur",
    });
    expect(closed.res.status).toBe(302);
    expect(await auditCount(shop)).toBe(audit + 1);
    expect(await closedRows(id)).toEqual([{ day, reason: "Inventur" }]);

    const again = await h.checkoutForm((await h.buyer()).browser, query);
    expect(again.pickupSlots.some((k) => inBerlin(new Date(k.split("|")[0])).date === day)).toBe(false);
    const [y, m, d] = day.split("-");
    const page = await anonymous(`/content/markt/${id}`);
    expect(page.html).toMatch(new RegExp(`${d}\\.${m}\\.${y}: geschlossen \\(Inventur\\)`));

    // the order booked that day: still booked, its place still taken, listed for the staff
    expect((await h.orderOf(f.key))!.status).toBe(order.status);
    const booked = await shop.db
      .prepare("SELECT booked FROM pickup_booking WHERE store_id = ? AND slot_start = ?")
      .bind(id, slot.split("|")[0])
      .first<{ booked: number }>();
    expect(booked!.booked).toBe(1);
    const staffPage = await sven.get(`/staff/stores/${id}`);
    expect(staffPage.html).toContain("Gebuchte Abholungen außerhalb der Zeiten");
    expect(staffPage.html).toContain(`<td>${order.increment_id}</td>`);

    // the same day again: at its field, no entry
    const twice = await post(id, { intent: "closeDay", version: String((await factsOf(id)).version), day });
    expect(twice.res.status).toBe(409);
    expect(twice.html).toContain("schon geschlossen");
    // a day past, a day that does not exist
    for (const [wrong, message] of [
      [addDays(berlinToday(), -1), "in der Vergangenheit"],
      ["2027-02-30", "Bitte ein Datum"],
      ["morgen", "Bitte ein Datum"],
    ]) {
      const res = await post(id, { intent: "closeDay", version: String((await factsOf(id)).version), day: wrong });
      expect(res.res.status).toBe(400);
      expect(res.html).toContain(message);
    }
    expect(await auditCount(shop)).toBe(audit + 1);

    // reopened: the slots come back, the order is no longer listed
    expect((await post(id, { intent: "reopen", version: String((await factsOf(id)).version), day })).res.status).toBe(
      302,
    );
    expect(await closedRows(id)).toEqual([]);
    expect((await sven.get(`/staff/stores/${id}`)).html).not.toContain("Gebuchte Abholungen außerhalb");
  });

  it("a day with other hours: the checkout offers only its staffed slots, the store page names it; bad hours refused", async () => {
    const id = "leipzig-gohlis";
    // a week of slots, so that there are three days with slots on any weekday
    const query = `?carrier=clickandcollect&store=${id}&more=1`;
    const before = await h.checkoutForm((await h.buyer()).browser, query);
    const days = [...new Set(before.pickupSlots.map((k) => inBerlin(new Date(k.split("|")[0])).date))];
    const day = days[1];
    const audit = await auditCount(shop);
    const version = String((await factsOf(id)).version);
    for (const [fields, message] of [
      [{ opening: "" }, "Bitte die Öffnungszeiten wie 08:00–14:00 angeben"],
      [{ opening: "14:00–08:00" }, "Der Beginn muss vor dem Ende liegen"],
      [{ opening: "08:00–14:00", staffed: "13:00–15:00" }, "innerhalb der Öffnungszeiten"],
    ] as const) {
      const res = await post(id, { intent: "specialDay", version, day, reason: "Heiligabend", ...fields });
      expect(res.res.status, JSON.stringify(fields)).toBe(400);
      expect(res.html).toContain(message);
      expect(res.html).toContain('value="Heiligabend"');
    }
    expect(await auditCount(shop)).toBe(audit);

    const saved = await post(id, {
      intent: "specialDay",
      version,
      day,
      opening: "08:00–14:00",
      staffed: "10:00-12:00",
      reason: "Heiligabend",
    });
    expect(saved.res.status).toBe(302);
    expect(await auditCount(shop)).toBe(audit + 1);
    const after = await h.checkoutForm((await h.buyer()).browser, query);
    const onDay = after.pickupSlots.filter((k) => inBerlin(new Date(k.split("|")[0])).date === day);
    expect(onDay.map((k) => inBerlin(new Date(k.split("|")[0])).time)).toEqual(["10:00"]);
    // the other days keep the week's hours
    expect(after.pickupSlots.filter((k) => inBerlin(new Date(k.split("|")[0])).date === days[2]).length).toBe(
      before.pickupSlots.filter((k) => inBerlin(new Date(k.split("|")[0])).date === days[2]).length,
    );
    const [y, m, d] = day.split("-");
    expect((await anonymous(`/content/markt/${id}`)).html).toContain(
      `${d}.${m}.${y}: 08:00–14:00, mit Personal 10:00–12:00 (Heiligabend)`,
    );
    const twice = await post(id, {
      intent: "specialDay",
      version: String((await factsOf(id)).version),
      day,
      opening: "08:00–13:00",
    });
    expect(twice.res.status).toBe(409);
    expect(twice.html).toContain("Für diesen Tag ist schon etwas eingetragen");
    // reopened: the week's hours again
    expect((await post(id, { intent: "reopen", version: String((await factsOf(id)).version), day })).res.status).toBe(
      302,
    );
    const back = await h.checkoutForm((await h.buyer()).browser, query);
    expect(back.pickupSlots.filter((k) => inBerlin(new Date(k.split("|")[0])).date === day).length).toBe(
      before.pickupSlots.filter((k) => inBerlin(new Date(k.split("|")[0])).date === day).length,
    );
  });

  it("a state's public holidays of a year at once, named; a second time adds nothing", async () => {
    const id = "leipzig-lindenau";
    const year = String(Number(berlinToday().slice(0, 4)) + 1);
    const audit = await auditCount(shop);
    const version = async () => String((await factsOf(id)).version);
    const res = await post(id, { intent: "holidays", version: await version(), state: "SN", year });
    expect(res.res.status).toBe(302);
    const rows = await closedRows(id);
    expect(rows).toHaveLength(11);
    expect(rows).toContainEqual({ day: `${year}-10-31`, reason: "Reformationstag" });
    expect(rows.some((r) => r.reason === "Buß- und Bettag")).toBe(true);
    expect(rows.some((r) => r.reason === "Fronleichnam")).toBe(false);
    expect(await auditCount(shop)).toBe(audit + 1);
    const again = await post(id, { intent: "holidays", version: await version(), state: "SN", year });
    expect(again.res.status).toBe(409);
    expect(again.html).toContain("schon eingetragen");
    for (const [fields, message] of [
      [{ state: "XX", year }, "Bitte ein Bundesland"],
      [{ state: "SN", year: "1999" }, "angebotenen Jahre"],
    ] as const) {
      const wrong = await post(id, { intent: "holidays", version: await version(), ...fields });
      expect(wrong.res.status).toBe(400);
      expect(wrong.html).toContain(message);
    }
    expect(await auditCount(shop)).toBe(audit + 1);
    // the form remembers the state
    expect((await sven.get(`/staff/stores/${id}`)).html).toMatch(/<option value="SN" selected/);
  });
});

describe("click & collect and its places", () => {
  it("fewer places than booked keep the bookings and stop new ones; 0 takes none; 51 is refused at the field", async () => {
    const id = "leipzig-gohlis";
    const { browser } = await h.buyer();
    // a week of slots ("more"): the first days alone may have none (a Saturday morning: the stall's
    // last slot is too soon, Sunday and Monday closed)
    const query = `?carrier=clickandcollect&store=${id}&more=1`;
    const f = await h.checkoutForm(browser, query);
    const [start] = f.pickupSlots[0].split("|");
    await shop.db
      .prepare("INSERT INTO pickup_booking (store_id, slot_start, capacity, booked) VALUES (?, ?, 6, 2)")
      .bind(id, start)
      .run();
    const pickup = async (fields: Record<string, string>) =>
      post(id, { intent: "pickup", version: String((await factsOf(id)).version), ...fields });
    expect((await pickup({ clickAndCollect: "on", capacity: "1" })).res.status).toBe(302);
    const row = await shop.db
      .prepare("SELECT capacity, booked FROM pickup_booking WHERE store_id = ? AND slot_start = ?")
      .bind(id, start)
      .first<{ capacity: number; booked: number }>();
    expect(row).toEqual({ capacity: 2, booked: 2 });
    const fewer = await h.checkoutForm(browser, query);
    expect(fewer.pickupSlots).not.toContain(f.pickupSlots[0]);
    expect(fewer.pickupSlots.length).toBeGreaterThan(0);

    expect((await pickup({ clickAndCollect: "on", capacity: "0" })).res.status).toBe(302);
    expect((await h.checkoutForm(browser, query)).pickupSlots).toEqual([]);

    const audit = await auditCount(shop);
    for (const capacity of ["51", "-1", "2,5", "viele", ""]) {
      const res = await pickup({ clickAndCollect: "on", capacity });
      expect(res.res.status, capacity).toBe(400);
      expect(res.html).toContain("ganze Zahl von 0 bis 50");
    }
    expect(await auditCount(shop)).toBe(audit);
    expect((await factsOf(id)).pickup_capacity).toBe(0);
    expect((await pickup({ clickAndCollect: "on", capacity: "6" })).res.status).toBe(302);
  });

  it("switched off: no longer offered in the checkout, its page and the map say so at once", async () => {
    const id = "leipzig-connewitz";
    const { browser } = await h.buyer();
    const before = await browser.get("/checkout?carrier=clickandcollect");
    expect(before.html).toContain(id);
    const version = String((await factsOf(id)).version);
    expect((await post(id, { intent: "pickup", version, capacity: "6" })).res.status).toBe(302);
    expect((await factsOf(id)).click_and_collect).toBe(0);
    expect((await browser.get("/checkout?carrier=clickandcollect")).html).not.toContain(id);
    const f = await h.checkoutForm(browser, `?carrier=clickandcollect&store=${id}`);
    expect(f.pickupSlots).toEqual([]);
    expect((await anonymous(`/content/markt/${id}`)).html).toContain("Kein Click &amp; Collect");
  });
});
