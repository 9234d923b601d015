/**
 * Addresses of a customer. Every query is scoped by the customer id, so an address id of someone
 * else behaves exactly like one that does not exist. A customer has at most one default shipping
 * and one default billing address (unique partial indexes); the first address is both.
 */
import { all, first, prepare, qb, type AddressTable } from "~/platform/db.server";
import { randomId } from "~/platform/tokens.server";
import type { Address } from "./address";
import { idParam } from "./id-param";
import type { AddressInput } from "./schema";

const COLUMNS = [
  "id",
  "street",
  "house_number",
  "address_addition",
  "zip",
  "city",
  "country",
  "is_default_shipping",
  "is_default_billing",
] as const;

function toAddress(row: Pick<AddressTable, (typeof COLUMNS)[number]>): Address {
  return {
    id: row.id,
    street: row.street,
    houseNumber: row.house_number,
    addressAddition: row.address_addition,
    zip: row.zip,
    city: row.city,
    country: row.country,
    defaultShipping: row.is_default_shipping === 1,
    defaultBilling: row.is_default_billing === 1,
  };
}

export async function listAddresses(db: D1Database, customerId: number): Promise<Address[]> {
  const rows = await all(
    db,
    qb
      .selectFrom("address")
      .select(COLUMNS)
      .where("customer_id", "=", customerId)
      .orderBy("is_default_shipping", "desc")
      .orderBy("created_at"),
  );
  return rows.map(toAddress);
}

export async function findAddress(db: D1Database, customerId: number, id: number): Promise<Address | null> {
  const row = await first(
    db,
    qb.selectFrom("address").select(COLUMNS).where("customer_id", "=", customerId).where("id", "=", id),
  );
  return row ? toAddress(row) : null;
}

type DefaultKind = "shipping" | "billing";
const FLAG = { shipping: "is_default_shipping", billing: "is_default_billing" } as const;

/** Clears the old default and sets the new one in one batch, so there is never none or two. */
function makeDefault(db: D1Database, customerId: number, id: number, kind: DefaultKind): D1PreparedStatement[] {
  const flag = FLAG[kind];
  return [
    prepare(
      db,
      qb
        .updateTable("address")
        .set({ [flag]: 0 })
        .where("customer_id", "=", customerId)
        .where("id", "!=", id),
    ),
    prepare(
      db,
      qb
        .updateTable("address")
        .set({ [flag]: 1 })
        .where("customer_id", "=", customerId)
        .where("id", "=", id),
    ),
  ];
}

const fields = (input: AddressInput) => ({
  street: input.street,
  house_number: input.houseNumber,
  address_addition: input.addressAddition,
  zip: input.zip,
  city: input.city,
  country: input.country,
});

export async function createAddress(db: D1Database, customerId: number, input: AddressInput): Promise<number> {
  const id = randomId();
  const hasAny = await first(db, qb.selectFrom("address").select("id").where("customer_id", "=", customerId).limit(1));
  const statements = [
    prepare(
      db,
      qb.insertInto("address").values({
        id,
        customer_id: customerId,
        ...fields(input),
        is_default_shipping: 0,
        is_default_billing: 0,
        created_at: new Date().toISOString(),
      }),
    ),
  ];
  if (!hasAny || input.defaultShipping) statements.push(...makeDefault(db, customerId, id, "shipping"));
  if (!hasAny || input.defaultBilling) statements.push(...makeDefault(db, customerId, id, "billing"));
  await db.batch(statements);
  return id;
}

/** false when the customer has no such address. */
export async function updateAddress(
  db: D1Database,
  customerId: number,
  id: number,
  input: AddressInput,
): Promise<boolean> {
  const statements = [
    prepare(
      db,
      qb
        .updateTable("address")
        .set(fields(input))
        .where("customer_id", "=", customerId)
        .where("id", "=", id)
        .returning("id"),
    ),
  ];
  if (input.defaultShipping) statements.push(...makeDefault(db, customerId, id, "shipping"));
  if (input.defaultBilling) statements.push(...makeDefault(db, customerId, id, "billing"));
  const [updated] = await db.batch(statements);
  return updated.results.length === 1;
}

export async function setDefaultAddress(
  db: D1Database,
  customerId: number,
  id: number,
  kind: DefaultKind,
): Promise<boolean> {
  if (!(await findAddress(db, customerId, id))) return false;
  await db.batch(makeDefault(db, customerId, id, kind));
  return true;
}

/** Deletes the address; a default it held passes to the oldest remaining address. */
export async function deleteAddress(db: D1Database, customerId: number, id: number): Promise<boolean> {
  const oldest = qb
    .selectFrom("address")
    .select("id")
    .where("customer_id", "=", customerId)
    .orderBy("created_at")
    .limit(1);
  const inherit = (flag: "is_default_shipping" | "is_default_billing") =>
    prepare(
      db,
      qb
        .updateTable("address")
        .set({ [flag]: 1 })
        .where("id", "=", oldest)
        .where((eb) =>
          eb.not(
            eb.exists(qb.selectFrom("address").select("id").where("customer_id", "=", customerId).where(flag, "=", 1)),
          ),
        ),
    );
  const [removed] = await db.batch([
    prepare(db, qb.deleteFrom("address").where("customer_id", "=", customerId).where("id", "=", id).returning("id")),
    inherit("is_default_shipping"),
    inherit("is_default_billing"),
  ]);
  return removed.results.length === 1;
}

/** The customer's address with the id from the URL; null for a bad id and for anyone else's address. */
export async function findOwnAddress(
  db: D1Database,
  customerId: number,
  param: string | undefined,
): Promise<Address | null> {
  const id = idParam(param);
  return id !== null ? findAddress(db, customerId, id) : null;
}
