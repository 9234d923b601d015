/**
 * A customer's account as support sees it (issue 32 §4): the same reads the shop's own pages make
 * (addresses, orders, balance, cards, shares), and of the customer row only what support needs.
 * Never a password or PIN hash, nor a token: those columns are not read at all.
 */
import { loadBalanceHistory } from "~/domain/balance/balance.server";
import { listOwnCards } from "~/domain/card/card.server";
import { listAddresses } from "~/domain/customer/address.server";
import { listOrders } from "~/domain/order/order.server";
import { loadShareholdingWithLedger } from "~/domain/share/share.server";
import { first, qb } from "~/platform/db.server";
import type { SupportAccount, SupportCustomer } from "./account";
import { maskCardNumber } from "./search";

/** The balance entries the account page lists; the customer's own page pages further. */
const BALANCE_ENTRIES_SHOWN = 50;

export function customerCore(db: D1Database, customerId: number): Promise<SupportCustomer | null> {
  return first(
    db,
    qb
      .selectFrom("customer")
      .select([
        "id",
        "email",
        "firstname",
        "lastname",
        "dob",
        "telephone",
        "gender",
        "status",
        "erased_at as erasedAt",
        "group_identifier as group",
        "created_at as createdAt",
      ])
      .where("id", "=", customerId),
  );
}

/** The whole account, or null when no customer has this id. */
export async function loadSupportAccount(db: D1Database, customerId: number): Promise<SupportAccount | null> {
  const customer = await customerCore(db, customerId);
  if (!customer) return null;
  const [addresses, orders, balance, cards, shares, sessions] = await Promise.all([
    listAddresses(db, customerId),
    listOrders(db, customerId, "all"),
    loadBalanceHistory(db, customerId, "all", BALANCE_ENTRIES_SHOWN),
    listOwnCards(db, customerId),
    loadShareholdingWithLedger(db, customerId),
    first(
      db,
      qb
        .selectFrom("session")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("customer_id", "=", customerId),
    ),
  ]);
  return {
    customer,
    addresses,
    orders,
    balance,
    cards: cards.map(({ number, id, type, alias, status, hasPin, issuedAt }) => ({
      id,
      number: maskCardNumber(number),
      type,
      alias,
      status,
      hasPin,
      issuedAt,
    })),
    shares:
      shares.holding.kind === "member"
        ? {
            kind: "member",
            memberNumber: shares.holding.memberNumber,
            held: shares.holding.counts.held,
            valueCents: shares.holding.valueCents,
          }
        : shares.holding.kind === "former"
          ? { kind: "former", memberNumber: shares.holding.memberNumber }
          : { kind: "none" },
    sessionCount: sessions?.count ?? 0,
  };
}
