/**
 * The membership declaration as it is signed and kept: the member's data from the profile, the
 * address chosen in the form, the number of shares and the moment the consents were given; and
 * the German texts of the document and of the e-mail with the signing link.
 */
import { addressLines, type PostalAddress } from "~/domain/address/format";
import { formatGermanDate, formatGermanDateTime } from "~/domain/content/date";
import { formatEuro } from "~/domain/money/format";
import type { Mail } from "~/platform/mailer.server";
import { translator } from "~/platform/i18n.server";
import { SHARE_PRICE_CENTS } from "./share";
import { sharesValueCents } from "./purchase";
import type { Address } from "~/domain/customer/address";
import { MINIMUM_AGE, ageOn } from "~/domain/customer/validation";

export interface Declaration {
  quantity: number;
  firstname: string;
  lastname: string;
  dob: string;
  email: string;
  address: PostalAddress;
  /** When the statutes and the privacy notice were accepted (UTC instant). */
  consentsAt: string;
}

/** The document the signer sees: a title and its lines, the same for the sandbox and a real service. */
export async function declarationLines(d: Declaration): Promise<{ title: string; lines: string[] }> {
  const t = await translator("shares");
  return {
    title: t("declaration.documentTitle"),
    lines: [
      t("declaration.documentText", {
        count: d.quantity,
        price: formatEuro(SHARE_PRICE_CENTS),
        total: formatEuro(sharesValueCents(d.quantity)),
      }),
      `${t("declaration.name")}: ${d.firstname} ${d.lastname}`,
      `${t("declaration.dob")}: ${formatGermanDate(d.dob)}`,
      `${t("declaration.address")}: ${addressLines(d.address).join(", ")}`,
      `${t("declaration.email")}: ${d.email}`,
      t("declaration.documentConsents", { date: formatGermanDateTime(d.consentsAt) }),
    ],
  };
}

/** The e-mail with the link to sign the declaration. */
export async function signingMail(
  to: { email: string; firstname: string },
  d: Declaration,
  signUrl: string,
): Promise<Mail> {
  const [account, shares] = await Promise.all([translator("account"), translator("shares")]);
  return {
    to: to.email,
    subject: shares("mail.subject"),
    text: [
      account("mail.greeting", { name: to.firstname }),
      "",
      shares("mail.text", { count: d.quantity, total: formatEuro(sharesValueCents(d.quantity)) }),
      "",
      signUrl,
      "",
      shares("mail.after"),
      "",
      account("mail.signature"),
    ].join("\n"),
  };
}

/** Why the profile cannot carry a declaration yet: the date of birth, the age, an address. */
export type ProfileProblem = "needsDob" | "tooYoung" | "needsAddress";

export function profileProblem(dob: string | null, addressCount: number, today: string): ProfileProblem | null {
  if (!dob) return "needsDob";
  if (ageOn(dob, today) < MINIMUM_AGE) return "tooYoung";
  if (addressCount === 0) return "needsAddress";
  return null;
}

/** The address a declaration suggests: the billing address, else the delivery address, else the first. */
export function suggestedAddress(addresses: Address[]): Address | null {
  return addresses.find((a) => a.defaultBilling) ?? addresses.find((a) => a.defaultShipping) ?? addresses[0] ?? null;
}

/** The e-mail telling her the cooperative did not admit her declaration, with its reason. */
export async function refusalMail(
  to: { email: string; firstname: string },
  quantity: number,
  reason: string,
): Promise<Mail> {
  const [account, shares] = await Promise.all([translator("account"), translator("shares")]);
  return {
    to: to.email,
    subject: shares("refusal.mailSubject"),
    text: [
      account("mail.greeting", { name: to.firstname }),
      "",
      shares("refusal.mailText", { count: quantity }),
      "",
      reason,
      "",
      shares("refusal.mailAfter"),
      "",
      account("mail.signature"),
    ].join("\n"),
  };
}
