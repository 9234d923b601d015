/** The German e-mails about a card application's outcome, from the cards namespace's mail texts. */
import type { Mail } from "~/platform/mailer.server";
import { translator } from "~/platform/i18n.server";

export interface Applicant {
  email: string;
  firstname: string;
}

/** The outcomes a customer hears of by e-mail: the card is issued, or the application ended without one. */
export type ApplicationOutcome = "successful" | "declined" | "error";

export async function applicationOutcomeMail(
  to: Applicant,
  outcome: ApplicationOutcome,
  cardNumber: string | null,
): Promise<Mail> {
  const [account, cards] = await Promise.all([translator("account"), translator("cards")]);
  return {
    to: to.email,
    subject: cards(`mail.${outcome}.subject`),
    text: [
      account("mail.greeting", { name: to.firstname }),
      "",
      cards(`mail.${outcome}.text`, { last4: cardNumber?.slice(-4) ?? "" }),
      "",
      account("mail.signature"),
    ].join("\n"),
  };
}
