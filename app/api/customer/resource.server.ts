/**
 * The customer as the API shows it (spec section 3 "Customer"): names, addresses, the custom
 * attributes the app reads (balance, telephone, SEPA allowed, dark mode) and the shareholder's
 * extension attributes. Amounts are euros at this edge (money.server.ts): the balance "25.00", as
 * the attribute values of the spec's system are strings.
 */
import { z } from "zod";
import { listAddresses } from "~/domain/customer/address.server";
import { loadCustomerAccount } from "~/domain/customer/customer.server";
import { email, personName } from "~/domain/customer/schema";
import { openPurchase } from "~/domain/share/purchase.server";
import { shareholderState } from "~/domain/share/purchase";
import { loadShareholdingWithLedger } from "~/domain/share/share.server";
import { postalAddressFields, postalAddressOf } from "../address.server";
import { euro, euroSchema, euroText } from "../money.server";
import { ApiFailure } from "../operation.server";

/** The shop's one website (spec: `website_id`). */
export const WEBSITE_ID = 1;
/** The shop's one storefront theme (spec: custom attribute `theme_id`); dark mode is a setting of it. */
export const THEME_ID = "1";

/** What a customer body sent to the API names the customer by (the update and the registration). */
export const customerNameFields = {
  email,
  firstname: personName,
  lastname: personName,
  website_id: z.literal(WEBSITE_ID).optional(),
};

export const ATTRIBUTE_CODES = ["theme_id", "balance", "telephone", "is_sepa_allowed", "dark_mode_enabled"] as const;

export const customerSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  website_id: z.literal(WEBSITE_ID),
  addresses: z.array(
    z.object({
      id: z.number().int(),
      ...postalAddressFields,
      /** The Customer's spelling (spec section 3 "Customer") and the Address's ("Address"). */
      default_shipping: z.boolean(),
      default_billing: z.boolean(),
      defaultShipping: z.boolean(),
      defaultBilling: z.boolean(),
    }),
  ),
  custom_attributes: z
    .array(z.object({ attribute_code: z.enum(ATTRIBUTE_CODES), value: z.string() }))
    .describe(
      'theme_id "1"; balance in Euro mit zwei Nachkommastellen ("25.00"); is_sepa_allowed und dark_mode_enabled "1" oder "0"',
    ),
  extension_attributes: z.object({
    /** The customer group, underscores shown as hyphens (spec spelling). */
    group_identifer: z.string(),
    is_shareholder: z.boolean(),
    shares_count: z.number().int(),
    shares_value: euroSchema("Wert der gehaltenen Anteile"),
    shares_sellable: z.number().int(),
    shareholder_membership_number: z.string().nullable(),
    shareholder_state: z.enum(["blocked", "open"]),
    shares_history: z.array(
      z.object({
        date: z.string(),
        type: z.enum(["purchase", "cancellation"]),
        quantity: z.number().int(),
        value: euroSchema("Wert der Anteile des Eintrags"),
        effective_at: z.string(),
      }),
    ),
  }),
});

export type CustomerResource = z.input<typeof customerSchema>;

export async function customerResource(db: D1Database, customerId: number): Promise<CustomerResource> {
  const [row, addresses, { holding, entries: history }, purchase] = await Promise.all([
    loadCustomerAccount(db, customerId),
    listAddresses(db, customerId),
    loadShareholdingWithLedger(db, customerId),
    openPurchase(db, customerId),
  ]);
  if (!row) throw new ApiFailure(401, "api:unauthorized");
  const member = holding.kind === "member" ? holding : null;
  return {
    id: row.id,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    website_id: WEBSITE_ID,
    addresses: addresses.map((a) => ({
      id: a.id,
      ...postalAddressOf(a),
      default_shipping: a.defaultShipping,
      default_billing: a.defaultBilling,
      defaultShipping: a.defaultShipping,
      defaultBilling: a.defaultBilling,
    })),
    custom_attributes: [
      { attribute_code: "theme_id", value: THEME_ID },
      { attribute_code: "balance", value: euroText(row.balance_cents ?? 0) },
      { attribute_code: "telephone", value: row.telephone ?? "" },
      { attribute_code: "is_sepa_allowed", value: row.is_sepa_allowed },
      { attribute_code: "dark_mode_enabled", value: row.dark_mode_enabled },
    ],
    extension_attributes: {
      group_identifer: row.group_identifier.replaceAll("_", "-"),
      is_shareholder: member !== null,
      shares_count: member?.counts.held ?? 0,
      shares_value: euro(member?.valueCents ?? 0),
      shares_sellable: member?.counts.sellable ?? 0,
      shareholder_membership_number: holding.kind === "none" ? null : holding.memberNumber,
      shareholder_state: shareholderState(purchase?.status ?? null),
      shares_history: history.map((e) => ({
        date: e.createdAt,
        type: e.type,
        quantity: e.quantity,
        value: euro(e.valueCents),
        effective_at: e.effectiveAt,
      })),
    },
  };
}
