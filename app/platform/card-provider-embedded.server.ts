/**
 * The development stand-in of the card provider (docs/decisions/0019): real code in the shop that
 * behaves like a provider which accepts every application. Each look at an open application moves
 * it one step (requested → validation → production → successful); at the last step it makes an
 * RFID card with a new number. The scheduled handler looks every minute; the development page
 * /dev/cards takes a step, declines or fails an application by hand. It exists only where
 * development stand-ins are allowed (platform/card-provider.server.ts).
 */
import type { CardProvider } from "./card-provider";

const PATH = ["requested", "validation", "production", "successful"];

/** Shop cards start with 9276; the last digit is the Luhn check digit, as on payment cards. */
const PREFIX = "9276";

export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) d *= 2;
    sum += d > 9 ? d - 9 : d;
  }
  return (10 - (sum % 10)) % 10;
}

export function newCardNumber(): string {
  const random = [...crypto.getRandomValues(new Uint8Array(11))].map((b) => b % 10).join("");
  const body = PREFIX + random;
  return body + luhnCheckDigit(body);
}

export const embeddedCardProvider: CardProvider = {
  name: "embedded",
  checkEverySeconds: 60,
  async handOver(application) {
    return `embedded-${application.applicationId}`;
  },
  async check(_reference, current) {
    // Only an application on the way moves on; a closed one (or one it does not know) stays as it is.
    const at = PATH.indexOf(current);
    const next = at < 0 ? undefined : PATH[at + 1];
    if (!next) return { state: current };
    return next === "successful" ? { state: next, cardNumber: newCardNumber() } : { state: next };
  },
};
