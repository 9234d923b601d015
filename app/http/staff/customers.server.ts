/**
 * The request side of support's customer pages: the customer id from the URL (the owner rule for
 * staff: an id that is no customer is a 404 and nothing is changed), and the notices of outcomes.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { idParam } from "~/domain/customer/id-param";
import type { SupportOutcome } from "~/domain/support/account-actions.server";
import { redirectWithNotice, type Notice } from "~/platform/flash.server";
import { notFound } from "~/platform/route-data.server";

export function customerIdOf(params: { id?: string }): number {
  const id = idParam(params.id);
  if (id === null) throw notFound();
  return id;
}

export const customerPath = (id: number) => `/staff/customers/${id}`;

const notice = (type: Notice["type"], key: string): Notice => ({ type, key: `staffCustomers:notice.${key}` });

/** Back to her account page with what became of the action; a customer who does not exist: 404. */
export async function answerOutcome(
  context: AppLoadContext,
  customerId: number,
  outcome: SupportOutcome,
  done: string,
): Promise<Response> {
  if (outcome === "notFound") throw notFound();
  const told = outcome === "done" ? notice("success", done) : notice("error", "changedMeanwhile");
  return redirectWithNotice(context.env, customerPath(customerId), told);
}

export function redirectWithCustomerNotice(
  context: AppLoadContext,
  customerId: number,
  type: Notice["type"],
  key: string,
): Promise<Response> {
  return redirectWithNotice(context.env, customerPath(customerId), notice(type, key));
}
