/** SEPA direct-debit mandate data (spec 5 "SEPA"), checked with ibantools (ISO 13616 / ISO 9362). */
import { electronicFormatIBAN, friendlyFormatIBAN, isValidBIC, isValidIBAN } from "ibantools";

export function normalizeIban(value: string): string {
  return electronicFormatIBAN(value) ?? "";
}

export function isIban(value: string): boolean {
  return isValidIBAN(normalizeIban(value));
}

export function isBic(value: string): boolean {
  return isValidBIC(value.replace(/\s+/g, "").toUpperCase());
}

/** "DE89 **** **** **** **30 00": enough for the customer to recognise the account. */
export function maskedIban(iban: string): string {
  const plain = normalizeIban(iban);
  const masked = plain.slice(0, 4) + "*".repeat(Math.max(0, plain.length - 8)) + plain.slice(-4);
  return friendlyFormatIBAN(masked) ?? masked;
}
