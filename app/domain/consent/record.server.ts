/**
 * The proof of a signed-in customer's consent choice (DSGVO art. 7 (1)): one row per choice with
 * its time, the version of the question and where it was given; rows are never changed.
 */
import { CONSENT_VERSION, type Consent } from "~/platform/consent";
import { prepare, qb } from "~/platform/db.server";

export async function recordConsent(
  db: D1Database,
  customerId: number,
  consent: Consent,
  source: "banner" | "settings",
  now = new Date(),
): Promise<void> {
  await prepare(
    db,
    qb.insertInto("consent_record").values({
      customer_id: customerId,
      version: CONSENT_VERSION,
      statistics: consent.statistics ? 1 : 0,
      marketing: consent.marketing ? 1 : 0,
      source,
      created_at: now.toISOString(),
    }),
  ).run();
}
