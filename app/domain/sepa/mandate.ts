/**
 * SEPA direct-debit mandates (checkout and card application), checked with ibantools (ISO 13616 /
 * ISO 9362). One home for the rules, so every form that takes a mandate says the same.
 */
import { electronicFormatIBAN, extractBIC, extractIBAN, isValidBIC, isValidIBAN } from "ibantools";

export function normalizeIban(value: string): string {
  return electronicFormatIBAN(value) ?? "";
}

export function normalizeBic(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

export function isIban(value: string): boolean {
  return isValidIBAN(normalizeIban(value));
}

export function isBic(value: string): boolean {
  return isValidBIC(normalizeBic(value));
}

/**
 * IBAN and BIC that are each valid but name different countries cannot be one account: the bank
 * would return the debit. (Which bank a German IBAN belongs to needs the Bundesbank's register.)
 */
export function ibanMatchesBic(iban: string, bic: string): boolean {
  return extractIBAN(normalizeIban(iban)).countryCode === extractBIC(normalizeBic(bic)).countryCode;
}

export interface MandateFields {
  sepaBank?: string;
  iban?: string;
  bic?: string;
  sepaConsent?: string;
}

/** What is missing or wrong in a mandate, by field; messages are locale keys of the common namespace. */
export function mandateProblems(v: MandateFields): { field: keyof MandateFields; message: string }[] {
  const problems: { field: keyof MandateFields; message: string }[] = [];
  const required = "validation.required";
  if (!v.sepaBank) problems.push({ field: "sepaBank", message: required });
  const ibanOk = Boolean(v.iban) && isIban(v.iban ?? "");
  const bicOk = Boolean(v.bic) && isBic(v.bic ?? "");
  if (!ibanOk) problems.push({ field: "iban", message: v.iban ? "validation.sepa.iban" : required });
  if (!bicOk) problems.push({ field: "bic", message: v.bic ? "validation.sepa.bic" : required });
  if (ibanOk && bicOk && !ibanMatchesBic(v.iban ?? "", v.bic ?? ""))
    problems.push({ field: "bic", message: "validation.sepa.mismatch" });
  if (!v.sepaConsent) problems.push({ field: "sepaConsent", message: "validation.sepa.consent" });
  return problems;
}
