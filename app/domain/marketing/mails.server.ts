/**
 * The newsletter's e-mails, from the marketing namespace's mail texts. `marketingMail` is the one
 * home of every marketing mail: it always ends with the unsubscribe link and carries the headers
 * with which mail programs offer unsubscribing in one click (docs/decisions/0026).
 */
import type { Env } from "~/platform/context";
import { translator } from "~/platform/i18n.server";
import type { Mail } from "~/platform/mailer.server";
import { confirmationUrl, unsubscribeUrl } from "./links.server";
import { CONFIRMATION_LIFETIME_SECONDS } from "./preferences";

export interface MarketingMailContent {
  to: string;
  subscriptionId: number;
  subject: string;
  /** The paragraphs; the unsubscribe footer is added here. */
  paragraphs: string[];
}

export async function marketingMail(env: Env, origin: string, content: MarketingMailContent): Promise<Mail> {
  const tr = await translator("marketing");
  const unsubscribe = await unsubscribeUrl(env, origin, content.subscriptionId);
  return {
    to: content.to,
    subject: content.subject,
    text: [...content.paragraphs, "", "--", tr("mail.unsubscribeFooter"), unsubscribe].join("\n"),
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/** The first marketing mail, sent when the address is confirmed. */
export async function welcomeMail(env: Env, origin: string, to: string, subscriptionId: number): Promise<Mail> {
  const tr = await translator("marketing");
  return marketingMail(env, origin, {
    to,
    subscriptionId,
    subject: tr("mail.welcome.subject"),
    paragraphs: [
      tr("mail.greeting"),
      "",
      tr("mail.welcome.intro"),
      "",
      tr("mail.welcome.text"),
      "",
      tr("mail.signature"),
    ],
  });
}

/** The double opt-in's question; no marketing yet, so no unsubscribe link. */
export async function confirmationMail(origin: string, to: string, token: string): Promise<Mail> {
  const tr = await translator("marketing");
  return {
    to,
    subject: tr("mail.confirmation.subject"),
    text: [
      tr("mail.greeting"),
      "",
      tr("mail.confirmation.intro"),
      "",
      confirmationUrl(origin, token),
      "",
      tr("mail.confirmation.validity", { hours: CONFIRMATION_LIFETIME_SECONDS / 3600 }),
      "",
      tr("mail.confirmation.ignore"),
      "",
      tr("mail.signature"),
    ].join("\n"),
  };
}

/** To an address that is subscribed already and asked again: how to leave, if that was meant. */
export async function alreadySubscribedMail(env: Env, origin: string, to: string, subscriptionId: number) {
  const tr = await translator("marketing");
  return {
    to,
    subject: tr("mail.already.subject"),
    text: [
      tr("mail.greeting"),
      "",
      tr("mail.already.intro"),
      "",
      tr("mail.already.unsubscribe"),
      await unsubscribeUrl(env, origin, subscriptionId),
      "",
      tr("mail.signature"),
    ].join("\n"),
  } satisfies Mail;
}
