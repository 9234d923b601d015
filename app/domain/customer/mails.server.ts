/** The German e-mails of the account area, from the account namespace's mail texts. */
import type { Mail } from "~/platform/mailer.server";
import { translator } from "~/platform/i18n.server";

interface Recipient {
  email: string;
  firstname: string;
}

async function mail(to: Recipient, kind: "activation" | "passwordReset" | "emailChange", link: string): Promise<Mail> {
  const tr = await translator("account");
  return {
    to: to.email,
    subject: tr(`mail.${kind}.subject`),
    text: [
      tr("mail.greeting", { name: to.firstname }),
      "",
      tr(`mail.${kind}.intro`),
      "",
      link,
      "",
      tr(`mail.${kind}.validity`),
      "",
      tr("mail.ignore"),
      "",
      tr("mail.signature"),
    ].join("\n"),
  };
}

export const activationMail = (to: Recipient, origin: string, id: number, token: string) =>
  mail(to, "activation", `${origin}/customer/activate/user/${id}/activationtoken/${token}`);

export const passwordResetMail = (to: Recipient, origin: string, id: number, token: string) =>
  mail(to, "passwordReset", `${origin}/password/reset/${id}/${token}`);

export const emailChangeMail = (to: Recipient, origin: string, id: number, token: string) =>
  mail(to, "emailChange", `${origin}/customer/email/confirm/${id}/${token}`);
