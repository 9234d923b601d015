/**
 * The two forms of the marketing page (docs/decisions/0026): the signed-in customer's switches and
 * the visitor's newsletter sign-up. Each is read with its schema; a field the page never sends, a
 * value a checkbox cannot have or a bad address is a 400 with the German message at the field and
 * nothing written. The visitor's answer is the same whatever the address's state, so the form
 * tells nobody whether an address is known or subscribed.
 */
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { saveMarketing } from "~/domain/marketing/account.server";
import { MARKETING_PAGE } from "~/domain/marketing/href";
import { requestNewsletter } from "~/domain/marketing/newsletter.server";
import type { NewsletterStep } from "~/domain/marketing/preferences";
import { PREFERENCES_FIELDS, SUBSCRIBE_FIELDS, preferencesSchema, subscribeSchema } from "~/domain/marketing/schema";
import { requireSession } from "~/platform/auth.server";
import { CSRF_FIELD } from "~/platform/csrf.server";
import { redirectWithNotice } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";
import { HONEYPOT_FIELDS, isSpam } from "~/platform/honeypot.server";
import { LIMITS, attempt, clientOf } from "~/platform/rate-limit.server";

const unknownFields = (form: FormData, known: string[]) => [...form.keys()].some((name) => !known.includes(name));

const SAVED_NOTICE: Record<NewsletterStep, string> = {
  none: "marketing:notices.saved",
  request: "marketing:notices.savedRequested",
  unsubscribe: "marketing:notices.savedUnsubscribed",
};

/** The customer's switches: saved, then back to the page with a notice (post/redirect/get). */
export async function savePreferences(request: Request, context: AppLoadContext, form: FormData) {
  const { customer } = await requireSession(request, context);
  const submission = parseForm(form, preferencesSchema);
  const unknown = unknownFields(form, [...PREFERENCES_FIELDS, CSRF_FIELD]);
  if (unknown || submission.status !== "success")
    return data(
      {
        intent: "preferences" as const,
        result: submission.reply({ formErrors: [unknown ? "marketing:form.unknownField" : "marketing:form.failed"] }),
      },
      { status: 400 },
    );
  const step = await saveMarketing(
    context.env,
    { id: customer.id, email: customer.email },
    submission.value,
    new URL(request.url).origin,
  );
  throw await redirectWithNotice(context.env, MARKETING_PAGE, { type: "success", key: SAVED_NOTICE[step] });
}

/** The visitor's sign-up: behind the honeypot and throttles per client and per address. */
export async function subscribeVisitor(request: Request, context: AppLoadContext, form: FormData) {
  const { env } = context;
  const submission = parseForm(form, subscribeSchema);
  const unknown = unknownFields(form, [...SUBSCRIBE_FIELDS, ...HONEYPOT_FIELDS, CSRF_FIELD]);
  const refuse = (formError: string, status: number) =>
    data({ intent: "subscribe" as const, result: submission.reply({ formErrors: [formError] }) }, { status });
  if (isSpam(env, form)) return refuse("marketing:form.failed", 400);
  if (unknown) return refuse("marketing:form.unknownField", 400);
  if (submission.status !== "success") return refuse("marketing:form.failed", 400);
  const { email } = submission.value;
  const allowed = await attempt(env.DB, [
    { limit: LIMITS.newsletterClient, subject: clientOf(request, env) },
    { limit: LIMITS.newsletterAddress, subject: email },
  ]);
  if (!allowed) return refuse("marketing:form.throttled", 429);
  await requestNewsletter(env, {
    email,
    source: "visitor-form",
    customerId: null,
    origin: new URL(request.url).origin,
    tellIfSubscribed: true,
  });
  throw await redirectWithNotice(env, MARKETING_PAGE, { type: "success", key: "marketing:notices.subscribeSent" });
}
