import { findOwnCard } from "~/domain/card/card.server";
import type { Card } from "~/domain/card/card";
import { notFound } from "~/platform/route-data.server";

/** The card pages' guard: someone else's card answers exactly like one that does not exist. */
export async function requireOwnCard(db: D1Database, customerId: number, param: string | undefined): Promise<Card> {
  const card = await findOwnCard(db, customerId, param);
  if (!card) throw notFound();
  return card;
}
