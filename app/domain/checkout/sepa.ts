/** SEPA direct-debit mandate data, checked with ibantools (ISO 13616 / ISO 9362). */
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from "ibantools";

export function normalizeIban(value: string): string {
  return electronicFormatIBAN(value) ?? "";
}

export function isIban(value: string): boolean {
  return isValidIBAN(normalizeIban(value));
}

export function isBic(value: string): boolean {
  return isValidBIC(value.replace(/\s+/g, "").toUpperCase());
}
