/**
 * The signed-in customer's marketing page (docs/decisions/0026): the newsletter for the account's
 * address (double opt-in when switched on, off at once), personalised offers and postal
 * advertising (both at once). One save is one batch; each record is written only if its switch
 * still had the value the page showed, so two saves at the same moment record each change once.
 */
import { sql } from "kysely";
import type { Env } from "~/platform/context";
import { first, prepare } from "~/platform/db.server";
import { askForConfirmation, loadNewsletter, unsubscribeStatements } from "./newsletter.server";
import {
  newsletterStep,
  switchRecords,
  type ConsentRecord,
  type MarketingChoices,
  type MarketingState,
  type NewsletterStep,
} from "./preferences";

export interface MarketingCustomer {
  id: number;
  email: string;
}

export async function loadMarketing(db: D1Database, customer: MarketingCustomer): Promise<MarketingState> {
  const [newsletter, switches] = await Promise.all([
    loadNewsletter(db, customer.email),
    first(
      db,
      sql<{ personalised_offers: number; postal_advertising: number }>`SELECT personalised_offers, postal_advertising
        FROM marketing_preference WHERE customer_id = ${customer.id}`,
    ),
  ]);
  return {
    newsletter: newsletter.state,
    confirmationOpen: newsletter.confirmationOpen,
    personalisedOffers: switches?.personalised_offers === 1,
    postalAdvertising: switches?.postal_advertising === 1,
  };
}

const COLUMN = { personalised_offers: "personalised_offers", postal_advertising: "postal_advertising" } as const;

/** The record of a switch, written only if the switch is still as the page showed it. */
function recordSwitch(db: D1Database, record: ConsentRecord): D1PreparedStatement {
  const column = sql.ref(COLUMN[record.channel as keyof typeof COLUMN]);
  const stored = sql`COALESCE((SELECT ${column} FROM marketing_preference WHERE customer_id = ${record.customerId}), 0)`;
  return prepare(
    db,
    sql`INSERT INTO marketing_consent_record (customer_id, email, channel, old_value, new_value, source, created_at)
        SELECT ${record.customerId}, NULL, ${record.channel}, ${record.oldValue}, ${record.newValue}, ${record.source}, ${record.createdAt}
        WHERE ${stored} = ${record.oldValue === "on" ? 1 : 0}`,
  );
}

/** Saves the page's switches; says what happened to the newsletter, for the notice. */
export async function saveMarketing(
  env: Env,
  customer: MarketingCustomer,
  wanted: MarketingChoices,
  origin: string,
): Promise<NewsletterStep> {
  const db = env.DB;
  const current = await loadMarketing(db, customer);
  const createdAt = new Date().toISOString();
  const step = newsletterStep(current, wanted.newsletter);
  const statements = switchRecords(customer.id, current, wanted, createdAt).map((r) => recordSwitch(db, r));
  statements.push(
    prepare(
      db,
      sql`INSERT INTO marketing_preference (customer_id, personalised_offers, postal_advertising, updated_at)
          VALUES (${customer.id}, ${wanted.personalisedOffers ? 1 : 0}, ${wanted.postalAdvertising ? 1 : 0}, ${createdAt})
          ON CONFLICT (customer_id) DO UPDATE SET personalised_offers = excluded.personalised_offers,
            postal_advertising = excluded.postal_advertising, updated_at = excluded.updated_at
          WHERE marketing_preference.personalised_offers <> excluded.personalised_offers
             OR marketing_preference.postal_advertising <> excluded.postal_advertising`,
    ),
  );
  if (step === "request")
    statements.push(
      ...(await askForConfirmation(env, {
        email: customer.email,
        source: "account",
        customerId: customer.id,
        origin,
        tellIfSubscribed: false,
      })),
    );
  if (step === "unsubscribe")
    statements.push(...unsubscribeStatements(db, { email: customer.email }, "account", customer.id));
  await db.batch(statements);
  return step;
}
