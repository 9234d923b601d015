/**
 * The post of the "new address" dialog, shared by the account's address list and the checkout:
 * one schema, one reply with the errors, one notice, and back to the page it was opened from.
 */
import { data, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireCustomer } from "~/platform/auth.server";
import { redirectWithNotice } from "~/platform/flash.server";
import { parseForm, readForm } from "~/platform/form.server";
import { createAddress } from "~/domain/customer/address.server";
import { addressSchema, type AddressInput } from "~/domain/customer/schema";

export async function addAddress(
  { request, context }: ActionFunctionArgs,
  backTo: string,
  always: Partial<AddressInput> = {},
) {
  const customer = await requireCustomer(request, context);
  const submission = parseForm(await readForm(request, context), addressSchema);
  if (submission.status !== "success")
    return data({ result: submission.reply({ formErrors: ["account:address.saveFailed"] }) }, { status: 400 });
  await createAddress(context.env.DB, customer.id, { ...submission.value, ...always });
  throw await redirectWithNotice(context.env, backTo, { type: "success", key: "account:address.saved" });
}
