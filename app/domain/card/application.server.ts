/**
 * Card applications: the form's data, submitting one, and taking open ones through the card
 * provider's steps (the scheduled handler, and by hand on the development page).
 */
import { sql } from "kysely";
import type { Env } from "~/platform/context";
import { all, batch, first, prepare, qb, type CardApplicationTable } from "~/platform/db.server";
import { queueMail } from "~/platform/mailer.server";
import { cardProvider } from "~/platform/card-provider.server";
import type { CardProvider, CardProviderReport } from "~/platform/card-provider";
import { randomId } from "~/platform/tokens.server";
import { normalizeBic, normalizeIban } from "~/domain/sepa/mandate";
import { customerPostcode, type StoreCandidate } from "~/domain/store/choice";
import { storeCandidatesQuery, toStoreCandidate } from "~/domain/store/store.server";
import { APPLICATION_STATES, OPEN_STATES, canMove, type Application, type ApplicationState } from "./application";
import { nameOnCard } from "./name-on-card";
import { applicationOutcomeMail, type ApplicationOutcome } from "./mails.server";
import type { ApplicationInput } from "./schema";

const isoNow = () => new Date().toISOString();
const later = (from: Date, seconds: number) => new Date(from.getTime() + seconds * 1000).toISOString();

export interface ApplicantProfile {
  firstname: string;
  lastname: string;
  dob: string | null;
  gender: "m" | "w" | "d";
  telephone: string;
}

const APPLICATION_COLUMNS = [
  "a.id",
  "a.state",
  "s.name as storeName",
  "a.name_on_card as nameOnCard",
  "a.created_at as createdAt",
  "a.updated_at as updatedAt",
] as const;

const applications = () =>
  qb.selectFrom("card_application as a").innerJoin("store as s", "s.id", "a.store_id").select(APPLICATION_COLUMNS);

/** The customer's newest application, open or not. */
export const latestApplicationQuery = (customerId: number) =>
  applications().where("a.customer_id", "=", customerId).orderBy("a.created_at", "desc").limit(1);

/** All of the customer's applications, newest first. */
export async function listApplications(db: D1Database, customerId: number): Promise<Application[]> {
  return all(db, applications().where("a.customer_id", "=", customerId).orderBy("a.created_at", "desc"));
}

/** The customer's application with this id, or null. */
export async function findApplication(db: D1Database, customerId: number, id: string): Promise<Application | null> {
  return (await first(db, applications().where("a.customer_id", "=", customerId).where("a.id", "=", id))) ?? null;
}

export interface ApplicationFormView {
  profile: ApplicantProfile | null;
  /** Every store, for the store choice (domain/store/choice.ts). */
  stores: StoreCandidate[];
  /** The postcode the stores' distances start from: the customer's delivery or billing address. */
  postcode: string | null;
  latest: Application | null;
}

/** What the application form needs, in one round trip. */
export async function applicationForm(db: D1Database, customerId: number): Promise<ApplicationFormView> {
  const [profiles, stores, addresses, latest] = await batch(db, [
    qb
      .selectFrom("customer")
      .select(["firstname", "lastname", "dob", "gender", "telephone"])
      .where("id", "=", customerId),
    storeCandidatesQuery(),
    qb
      .selectFrom("address")
      .select(["zip", "is_default_shipping", "is_default_billing"])
      .where("customer_id", "=", customerId)
      .orderBy("created_at"),
    latestApplicationQuery(customerId),
  ] as const);
  return {
    profile: profiles[0] ?? null,
    stores: stores.map(toStoreCandidate),
    postcode: customerPostcode(
      addresses.map((a) => ({
        zip: a.zip,
        defaultShipping: a.is_default_shipping === 1,
        defaultBilling: a.is_default_billing === 1,
      })),
    ),
    latest: latest[0] ?? null,
  };
}

export type SubmitOutcome =
  | { ok: true; id: string }
  | { ok: false; reason: "noDob" | "nameNotPrintable" | "unknownStore" | "alreadyOpen" };

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed/i.test(error.message);
}

/**
 * A new application, requested. The date of birth and the name on the card come from the profile.
 * A customer has at most one open application: a second one (or the same form sent twice at
 * once) is refused by the database's unique index, so two requests can never both get in.
 */
export async function submitApplication(
  db: D1Database,
  customerId: number,
  input: ApplicationInput,
): Promise<SubmitOutcome> {
  const [profiles, stores] = await batch(db, [
    qb.selectFrom("customer").select(["firstname", "lastname", "dob"]).where("id", "=", customerId),
    qb.selectFrom("store").select("id").where("id", "=", input.storeId),
  ] as const);
  const profile = profiles[0];
  if (!profile?.dob) return { ok: false, reason: "noDob" };
  const printedName = nameOnCard(profile.firstname, profile.lastname);
  if (!printedName) return { ok: false, reason: "nameNotPrintable" };
  if (!stores[0]) return { ok: false, reason: "unknownStore" };
  const now = isoNow();
  const id = crypto.randomUUID();
  try {
    await prepare(
      db,
      qb.insertInto("card_application").values({
        id,
        customer_id: customerId,
        state: "requested",
        store_id: input.storeId,
        gender: input.gender,
        dob: profile.dob,
        telephone: input.telephone,
        name_on_card: printedName,
        sepa_holder: input.sepaHolder,
        sepa_bank: input.sepaBank,
        sepa_iban: normalizeIban(input.iban),
        sepa_bic: normalizeBic(input.bic),
        consents_at: now,
        provider_ref: null,
        next_check_at: now,
        card_id: null,
        created_at: now,
        updated_at: now,
      }),
    ).run();
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "alreadyOpen" };
    throw error;
  }
  return { ok: true, id };
}

type OpenApplication = Pick<CardApplicationTable, "id" | "customer_id" | "state" | "provider_ref"> & {
  email: string;
  firstname: string;
};

const toState = (word: string): ApplicationState =>
  (APPLICATION_STATES as readonly string[]).includes(word) ? (word as ApplicationState) : "unknown";

export type ReportOutcome = "moved" | "unchanged" | "refused";

/**
 * Applies what the provider reported. A move the state machine does not allow is refused (and
 * logged); a successful application issues its RFID card in the same batch, and an application
 * that ends (card issued, declined, failed) tells the customer by e-mail. Every statement is
 * guarded by the state the shop had read, and the update of the application comes last, so two
 * runs reporting the same step at once issue one card and move the application once.
 */
export async function applyReport(
  db: D1Database,
  application: OpenApplication,
  report: CardProviderReport,
  nextCheckAt: string,
): Promise<ReportOutcome> {
  const state = toState(report.state);
  const now = isoNow();
  const stillAsRead = sql<boolean>`EXISTS (SELECT 1 FROM card_application WHERE id = ${application.id} AND state = ${application.state})`;
  // Nothing to apply: the next look waits for its turn (a refused report is not asked about every run).
  const askAgainLater = () =>
    prepare(
      db,
      qb.updateTable("card_application").set({ next_check_at: nextCheckAt }).where("id", "=", application.id),
    ).run();
  if (state === application.state) {
    await askAgainLater();
    return "unchanged";
  }
  const cardNumber = report.cardNumber && /^\d{16}$/.test(report.cardNumber) ? report.cardNumber : null;
  if (!canMove(application.state, state) || (state === "successful" && !cardNumber)) {
    console.error(
      `card application ${application.id}: the provider reported "${report.state}" after "${application.state}"; not applied`,
    );
    await askAgainLater();
    return "refused";
  }
  const cardId = state === "successful" ? randomId() : null;
  const statements: D1PreparedStatement[] = [];
  if (cardId !== null) {
    statements.push(
      prepare(
        db,
        sql`INSERT INTO card (id, customer_id, number, type, status, issued_at, application_id)
            SELECT ${cardId}, ${application.customer_id}, ${cardNumber}, 'rfid', 'active', ${now}, ${application.id}
            WHERE ${stillAsRead}`,
      ),
      prepare(
        db,
        sql`INSERT INTO card_event (id, card_id, kind, created_at) SELECT ${crypto.randomUUID()}, id, 'issued', ${now} FROM card WHERE id = ${cardId}`,
      ),
    );
  }
  if (state === "successful" || state === "declined" || state === "error") {
    const mail = await applicationOutcomeMail(application, state satisfies ApplicationOutcome, cardNumber);
    statements.push(queueMail(db, mail, stillAsRead));
  }
  statements.push(
    prepare(
      db,
      qb
        .updateTable("card_application")
        .set({ state, card_id: cardId, updated_at: now, next_check_at: nextCheckAt })
        .where("id", "=", application.id)
        .where("state", "=", application.state)
        .returning("id"),
    ),
  );
  const results = await db.batch(statements);
  return results[results.length - 1].results.length === 1 ? "moved" : "unchanged";
}

/** Open applications due for a look, oldest first; a run takes at most this many. */
const DUE_PER_RUN = 25;
/** After a failed hand-over or look, the next try. */
const RETRY_SECONDS = 5 * 60;

async function handOverIfNew(env: Env, provider: CardProvider, application: OpenApplication): Promise<string> {
  if (application.provider_ref) return application.provider_ref;
  const row = await first(
    env.DB,
    qb
      .selectFrom("card_application as a")
      .innerJoin("customer as c", "c.id", "a.customer_id")
      .select([
        "a.id",
        "c.email",
        "a.name_on_card",
        "a.gender",
        "a.dob",
        "a.telephone",
        "a.store_id",
        "a.sepa_holder",
        "a.sepa_bank",
        "a.sepa_iban",
        "a.sepa_bic",
      ])
      .where("a.id", "=", application.id),
  );
  if (!row) throw new Error(`card application ${application.id} is gone`);
  const reference = await provider.handOver({
    applicationId: row.id,
    email: row.email,
    nameOnCard: row.name_on_card,
    gender: row.gender,
    dob: row.dob,
    telephone: row.telephone,
    storeId: row.store_id,
    sepa: { holder: row.sepa_holder, bank: row.sepa_bank, iban: row.sepa_iban, bic: row.sepa_bic },
  });
  await prepare(
    env.DB,
    qb
      .updateTable("card_application")
      .set({ provider_ref: reference })
      .where("id", "=", application.id)
      .where("provider_ref", "is", null),
  ).run();
  return reference;
}

/** One look at one open application: hand it over if it is new, then ask where it stands. */
async function lookAt(
  env: Env,
  provider: CardProvider,
  application: OpenApplication,
  now: Date,
): Promise<ReportOutcome> {
  const reference = await handOverIfNew(env, provider, application);
  const report = await provider.check(reference, application.state);
  return applyReport(env.DB, application, report, later(now, provider.checkEverySeconds));
}

/** Open applications with their applicant's address and name, for the mail at the end. */
const openApplications = () =>
  qb
    .selectFrom("card_application as a")
    .innerJoin("customer as c", "c.id", "a.customer_id")
    .select(["a.id", "a.customer_id", "a.state", "a.provider_ref", "c.email", "c.firstname"])
    .where("a.state", "in", OPEN_STATES);

export interface ApplicationRunReport {
  looked: number;
  moved: number;
  failed: number;
}

/** The scheduled handler's part: every due open application gets one look. */
export async function checkDueApplications(env: Env, now: Date): Promise<ApplicationRunReport> {
  const provider = cardProvider(env);
  const due = await all(
    env.DB,
    openApplications().where("a.next_check_at", "<=", now.toISOString()).orderBy("a.next_check_at").limit(DUE_PER_RUN),
  );
  const report: ApplicationRunReport = { looked: due.length, moved: 0, failed: 0 };
  for (const application of due) {
    try {
      if ((await lookAt(env, provider, application, now)) === "moved") report.moved++;
    } catch (error) {
      report.failed++;
      console.error(`card application ${application.id}: the provider could not be asked`, error);
      await prepare(
        env.DB,
        qb
          .updateTable("card_application")
          .set({ next_check_at: later(now, RETRY_SECONDS) })
          .where("id", "=", application.id),
      ).run();
    }
  }
  return report;
}

export type ManualStep = "advance" | "decline" | "fail";

/** The development page's buttons: one provider step, a refusal or a failure, now. */
export async function stepByHand(
  env: Env,
  applicationId: string,
  step: ManualStep,
): Promise<ReportOutcome | "notOpen"> {
  const application = await first(env.DB, openApplications().where("a.id", "=", applicationId));
  if (!application) return "notOpen";
  const now = new Date();
  if (step === "advance") return lookAt(env, cardProvider(env), application, now);
  return applyReport(env.DB, application, { state: step === "decline" ? "declined" : "error" }, now.toISOString());
}

export interface DevelopmentApplication extends Application {
  email: string;
}

/** Every customer's applications, newest first, for the development page. */
export async function recentApplications(db: D1Database, limit = 50): Promise<DevelopmentApplication[]> {
  return all(
    db,
    applications()
      .innerJoin("customer as c", "c.id", "a.customer_id")
      .select("c.email")
      .orderBy("a.created_at", "desc")
      .limit(limit),
  );
}
