/**
 * Card applications in a deployment: the Cron Trigger hands a new application over to the card
 * provider's API once (a local stand-in of it), asks about it when it is due, applies the states
 * the provider reports and issues the card with the provider's number. A failed call is tried
 * again later and never makes a second application; a report the state machine forbids changes
 * nothing; the development page does not exist.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, DEMO, csrfOf, signIn } from "./browser";
import { prepareTestCustomer } from "../fixtures/customer";
import { startProductionShop, type ProductionShop } from "./production";

let shop: ProductionShop;
beforeAll(async () => {
  shop = await startProductionShop();
});
afterAll(async () => {
  await shop?.dispose();
});

/** The provider is asked again this long after a look (the API adapter's checkEverySeconds)… */
const CHECK_EVERY_MINUTES = 15;
/** …and this long after a failed call. */
const RETRY_MINUTES = 5;

const APPLICATION = {
  storeId: "dresden-neustadt",
  gender: "w",
  telephone: "+49 351 444555",
  sepaHolder: "Zoë Øster-Weiß",
  sepaBank: "Ostsächsische Sparkasse",
  iban: "de89 3704 0044 0532 0130 00",
  bic: "cobadeffxxx",
  sepaConsent: "on",
  terms: "on",
  privacy: "on",
};

let serial = 0;

/** A customer who applied for a card through the form: her application's id. */
async function applied(firstname = "Zoë", lastname = "Øster-Weiß") {
  const id = 800_000 + ++serial;
  const email = `anbieter-${id}@example.org`;
  await prepareTestCustomer(shop.db, { id, email, firstname, lastname, gender: "w", dob: "1992-06-30" }).run();
  const browser = new Browser(shop);
  expect((await signIn(browser, email, DEMO.password)).res.status).toBe(302);
  const form = await browser.get("/account/cards/apply");
  const res = await browser.post("/account/cards/apply", APPLICATION, { csrf: csrfOf(form.html) });
  expect(res.res.status).toBe(302);
  const row = await shop.db
    .prepare("SELECT id FROM card_application WHERE customer_id = ?")
    .bind(id)
    .first<{ id: string }>();
  return { customerId: id, applicationId: row!.id, browser };
}

interface ApplicationRow {
  state: string;
  provider_ref: string | null;
  card_id: number | null;
  next_check_at: string;
}

const applicationOf = async (id: string) =>
  (await shop.db
    .prepare("SELECT state, provider_ref, card_id, next_check_at FROM card_application WHERE id = ?")
    .bind(id)
    .first<ApplicationRow>())!;

const cardsOf = async (customerId: number) =>
  (
    await shop.db
      .prepare("SELECT id, number, type, status, application_id FROM card WHERE customer_id = ?")
      .bind(customerId)
      .all<{ id: number; number: string; type: string; status: string; application_id: string }>()
  ).results;

/** The stand-in's requests about one application (its hand-over carries the application id as key). */
function requestsAbout(applicationId: string) {
  const reference = [...shop.cards.applications.values()].find((a) => a.idempotencyKey === applicationId)?.id;
  return shop.cards.requests.filter(
    (r) =>
      r.idempotencyKey === applicationId ||
      (reference !== undefined && r.query === `?id=${encodeURIComponent(reference)}`),
  );
}

const providerApplicationOf = (applicationId: string) =>
  [...shop.cards.applications.values()].filter((a) => a.idempotencyKey === applicationId);

/** One run of the Cron Trigger at the given time. */
async function cron(at: Date) {
  await (await shop.mf.getWorker()).scheduled({ scheduledTime: at, cron: "* * * * *" });
}

/** A clock for one test: `at(n)` is n minutes after its start. */
function clock() {
  const start = Date.now() + 1_000;
  return (minutes: number) => new Date(start + minutes * 60_000);
}

/** A valid card number of the provider's (16 digits). */
const PROVIDER_NUMBER = () => `92760099${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

describe("card applications through the provider's API", () => {
  it("hands a new application over once, asks when due, applies each state and issues the card with the provider's number", async () => {
    const { customerId, applicationId, browser } = await applied("Jürgen", "Müller");
    const at = clock();

    await cron(at(0));
    const [handedOver] = providerApplicationOf(applicationId);
    expect(handedOver).toBeDefined();
    expect(handedOver.idempotencyKey).toBe(applicationId);
    expect(handedOver.body).toMatchObject({
      applicationId,
      email: `anbieter-${customerId}@example.org`,
      nameOnCard: "Juergen Mueller",
      gender: "w",
      dob: "1992-06-30",
      telephone: "+49 351 444555",
      storeId: "dresden-neustadt",
      sepa: {
        holder: "Zoë Øster-Weiß",
        bank: "Ostsächsische Sparkasse",
        iban: "DE89370400440532013000",
        bic: "COBADEFFXXX",
      },
    });
    expect(await applicationOf(applicationId)).toMatchObject({ state: "requested", provider_ref: handedOver.id });
    expect(requestsAbout(applicationId).map((r) => r.method)).toEqual(["POST", "GET"]);

    // not due before the provider's interval has passed
    await cron(at(CHECK_EVERY_MINUTES - 1));
    expect(requestsAbout(applicationId)).toHaveLength(2);

    let minute = 0;
    for (const state of ["validation", "production"]) {
      shop.cards.report(handedOver.id, state);
      minute += CHECK_EVERY_MINUTES + 1;
      await cron(at(minute));
      expect((await applicationOf(applicationId)).state).toBe(state);
      expect(await cardsOf(customerId)).toEqual([]);
    }
    const number = PROVIDER_NUMBER();
    shop.cards.report(handedOver.id, "successful", number);
    minute += CHECK_EVERY_MINUTES + 1;
    await cron(at(minute));

    const cards = await cardsOf(customerId);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ number, type: "rfid", status: "active", application_id: applicationId });
    expect(await applicationOf(applicationId)).toMatchObject({ state: "successful", card_id: cards[0].id });
    // handed over once; asked once per due look; never again once closed
    await cron(at(minute + 60));
    const methods = requestsAbout(applicationId).map((r) => r.method);
    expect(methods.filter((m) => m === "POST")).toHaveLength(1);
    expect(methods.filter((m) => m === "GET")).toHaveLength(4);
    const html = (await browser.get("/account/cards")).html;
    expect(html).toContain(number.match(/.{4}/g)!.join(" "));
    expect(html).toContain("Ausgestellt");
  });

  it("a failed hand-over is tried again after the pause, and the provider gets the application once", async () => {
    const { applicationId } = await applied();
    const at = clock();
    shop.cards.failNext(1);
    await cron(at(0));
    expect(await applicationOf(applicationId)).toMatchObject({ state: "requested", provider_ref: null });
    expect(providerApplicationOf(applicationId)).toHaveLength(0);
    expect(Date.parse((await applicationOf(applicationId)).next_check_at)).toBe(at(RETRY_MINUTES).getTime());

    await cron(at(RETRY_MINUTES - 1));
    expect(requestsAbout(applicationId)).toHaveLength(1);
    await cron(at(RETRY_MINUTES + 1));
    expect(providerApplicationOf(applicationId)).toHaveLength(1);
    expect((await applicationOf(applicationId)).provider_ref).toBe(providerApplicationOf(applicationId)[0].id);
  });

  it("a hand-over whose answer was lost is sent again with the same key: still one application at the provider", async () => {
    const { applicationId } = await applied();
    const at = clock();
    shop.cards.loseNextAnswers(1);
    await cron(at(0));
    expect((await applicationOf(applicationId)).provider_ref).toBeNull();
    await cron(at(RETRY_MINUTES + 1));
    const posts = requestsAbout(applicationId).filter((r) => r.method === "POST");
    expect(posts).toHaveLength(2);
    expect(posts.every((p) => p.idempotencyKey === applicationId)).toBe(true);
    expect(providerApplicationOf(applicationId)).toHaveLength(1);
    expect((await applicationOf(applicationId)).provider_ref).toBe(providerApplicationOf(applicationId)[0].id);
  });

  it("a failed look changes nothing and is tried again; the application is not handed over again", async () => {
    const { customerId, applicationId } = await applied();
    const at = clock();
    await cron(at(0));
    const [provider] = providerApplicationOf(applicationId);
    shop.cards.report(provider.id, "validation");
    shop.cards.failNext(1, 500);
    await cron(at(CHECK_EVERY_MINUTES + 1));
    expect((await applicationOf(applicationId)).state).toBe("requested");
    await cron(at(CHECK_EVERY_MINUTES + 1 + RETRY_MINUTES + 1));
    expect((await applicationOf(applicationId)).state).toBe("validation");
    expect(requestsAbout(applicationId).filter((r) => r.method === "POST")).toHaveLength(1);
    expect(providerApplicationOf(applicationId)).toHaveLength(1);
    expect(await cardsOf(customerId)).toEqual([]);
  });

  it("reports the state machine forbids change nothing", async () => {
    const { customerId, applicationId } = await applied();
    const at = clock();
    await cron(at(0));
    const [provider] = providerApplicationOf(applicationId);
    let minute = 0;
    const look = async () => {
      minute += CHECK_EVERY_MINUTES + 1;
      await cron(at(minute));
      return applicationOf(applicationId);
    };

    // the end without a card number; a step the shop did not see is followed, but never a way back
    shop.cards.report(provider.id, "successful");
    expect((await look()).state).toBe("requested");
    shop.cards.report(provider.id, "production");
    expect((await look()).state).toBe("production");
    shop.cards.report(provider.id, "validation");
    expect((await look()).state).toBe("production");
    shop.cards.report(provider.id, "successful");
    expect((await look()).state).toBe("production");
    shop.cards.report(provider.id, "successful", "9276-0000-0000-0001");
    expect((await look()).state).toBe("production");
    shop.cards.report(provider.id, "requested");
    expect((await look()).state).toBe("production");
    expect(await cardsOf(customerId)).toEqual([]);

    // then the card; and nothing the provider says afterwards moves it again
    const number = PROVIDER_NUMBER();
    shop.cards.report(provider.id, "successful", number);
    expect((await look()).state).toBe("successful");
    for (const state of ["requested", "declined", "error", "something-new"]) {
      shop.cards.report(provider.id, state);
      expect((await look()).state).toBe("successful");
    }
    expect((await cardsOf(customerId)).map((c) => c.number)).toEqual([number]);
  });

  it("after a refused report the provider is asked again when due, not on every run", async () => {
    const { applicationId } = await applied();
    const at = clock();
    await cron(at(0));
    const [provider] = providerApplicationOf(applicationId);
    shop.cards.report(provider.id, "successful");
    await cron(at(CHECK_EVERY_MINUTES + 1));
    const asked = requestsAbout(applicationId).length;
    for (let minute = CHECK_EVERY_MINUTES + 2; minute < 2 * CHECK_EVERY_MINUTES; minute++) await cron(at(minute));
    expect(requestsAbout(applicationId)).toHaveLength(asked);
    await cron(at(2 * CHECK_EVERY_MINUTES + 2));
    expect(requestsAbout(applicationId)).toHaveLength(asked + 1);
    expect((await applicationOf(applicationId)).state).toBe("requested");
  });

  it("a state the shop does not know is kept as unknown until the provider names a known one", async () => {
    const { customerId, applicationId, browser } = await applied();
    const at = clock();
    await cron(at(0));
    const [provider] = providerApplicationOf(applicationId);
    shop.cards.report(provider.id, "on_hold");
    await cron(at(CHECK_EVERY_MINUTES + 1));
    expect((await applicationOf(applicationId)).state).toBe("unknown");
    expect((await browser.get("/account/cards")).html).toContain("Wird geklärt");
    const number = PROVIDER_NUMBER();
    shop.cards.report(provider.id, "successful", number);
    await cron(at(2 * (CHECK_EVERY_MINUTES + 1)));
    expect((await applicationOf(applicationId)).state).toBe("successful");
    expect((await cardsOf(customerId)).map((c) => c.number)).toEqual([number]);
  });

  it("two runs that ask at the same time issue one card", async () => {
    const { customerId, applicationId } = await applied();
    const at = clock();
    await cron(at(0));
    const [provider] = providerApplicationOf(applicationId);
    shop.cards.report(provider.id, "validation");
    await cron(at(CHECK_EVERY_MINUTES + 1));
    shop.cards.report(provider.id, "production");
    await cron(at(2 * (CHECK_EVERY_MINUTES + 1)));
    expect((await applicationOf(applicationId)).state).toBe("production");

    shop.cards.report(provider.id, "successful", PROVIDER_NUMBER());
    const release = shop.cards.hold();
    const runs = [cron(at(3 * (CHECK_EVERY_MINUTES + 1))), cron(at(3 * (CHECK_EVERY_MINUTES + 1)))];
    try {
      // both runs have read the application as due and wait for the provider's answer
      await expect.poll(() => shop.cards.waiting, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    } finally {
      release();
    }
    await Promise.all(runs);
    expect((await applicationOf(applicationId)).state).toBe("successful");
    const cards = await cardsOf(customerId);
    expect(cards).toHaveLength(1);
    const events = await shop.db
      .prepare("SELECT COUNT(*) AS n FROM card_event WHERE card_id = ?")
      .bind(cards[0].id)
      .first<{ n: number }>();
    expect(events?.n).toBe(1);
  });
});

describe("the development page in a deployment", () => {
  it("/dev/cards does not exist: 404 for showing and sending", async () => {
    const browser = new Browser(shop);
    expect((await browser.get("/dev/cards")).res.status).toBe(404);
    const token = csrfOf((await browser.get("/login")).html);
    const posts: Record<string, string>[] = [
      { intent: "block", cardId: "300001" },
      { intent: "pinFailure", cardId: "300001" },
      { intent: "advance", applicationId: "seed-card-application-1" },
    ];
    for (const fields of posts) {
      expect((await browser.post("/dev/cards", fields, { csrf: token })).res.status).toBe(404);
      expect((await browser.post("/dev/cards", fields, { csrf: null })).res.status).toBe(404);
    }
    const card = await shop.db
      .prepare("SELECT status, pin_failed_attempts, version FROM card WHERE id = 300001")
      .first<{ status: string; pin_failed_attempts: number; version: number }>();
    expect(card).toEqual({ status: "active", pin_failed_attempts: 0, version: 1 });
  });
});
