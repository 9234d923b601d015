/**
 * Auth guards (login-required routes, session expiry). A visitor is sent to
 * /login with the way back; an expired or ended session additionally gets its cookie cleared and
 * the warning "Deine Sitzung ist abgelaufen …".
 */
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { loginHref } from "./redirect";
import { flashNotice } from "./flash.server";
import { clearSessionCookie, type SignedInCustomer } from "./session.server";

export interface CustomerSession {
  customer: SignedInCustomer;
  idHash: string;
}

export async function optionalCustomer(context: AppLoadContext): Promise<SignedInCustomer | null> {
  const state = await context.session();
  return state.kind === "customer" ? state.customer : null;
}

export async function requireSession(request: Request, context: AppLoadContext): Promise<CustomerSession> {
  const state = await context.session();
  if (state.kind === "customer") return { customer: state.customer, idHash: state.idHash };
  const url = new URL(request.url);
  const target = loginHref(url.pathname + url.search);
  if (state.kind === "visitor") throw redirect(target);
  throw await expiredSessionRedirect(context, target);
}

export async function requireCustomer(request: Request, context: AppLoadContext): Promise<SignedInCustomer> {
  return (await requireSession(request, context)).customer;
}

export async function expiredSessionRedirect(context: AppLoadContext, target: string): Promise<Response> {
  const headers = new Headers();
  headers.append("Set-Cookie", await clearSessionCookie(context.env));
  headers.append("Set-Cookie", await flashNotice(context.env, { type: "warning", key: "session.expired" }));
  return redirect(target, { headers });
}
