import { findOwnAddress } from "~/domain/customer/address.server";
import type { Address } from "~/domain/customer/address";
import { notFound } from "~/platform/route-data.server";

/** The address pages' guard: someone else's address answers exactly like one that does not exist. */
export async function requireOwnAddress(
  db: D1Database,
  customerId: number,
  param: string | undefined,
): Promise<Address> {
  const address = await findOwnAddress(db, customerId, param);
  if (!address) throw notFound();
  return address;
}
