/** What the share purchase page (/content/shares) reads of the customer. */
import { listAddresses } from "~/domain/customer/address.server";
import { loadProfile } from "~/domain/customer/customer.server";
import { lastDeclarationEnding, openPurchase } from "./purchase.server";
import { loadShareholding } from "./share.server";

/** Everything the share purchase page needs of the customer, in parallel. */
export async function loadDeclarationPage(db: D1Database, customerId: number) {
  const [profile, addresses, open, holding, ending] = await Promise.all([
    loadProfile(db, customerId),
    listAddresses(db, customerId),
    openPurchase(db, customerId),
    loadShareholding(db, customerId),
    lastDeclarationEnding(db, customerId),
  ]);
  return {
    dob: profile?.dob ?? null,
    addresses,
    open,
    declined: !open && ending.declined,
    refusalReason: open ? null : ending.refusalReason,
    memberNumber: holding.kind === "member" ? holding.memberNumber : null,
  };
}
