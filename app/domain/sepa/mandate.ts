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

/** A mandate as a customer gives it: the bank, the account and her consent to the debit. */
export interface SepaMandate {
  bank: string;
  iban: string;
  bic: string;
  mandateAccepted: boolean;
}

export interface MandateProblem {
  field: keyof SepaMandate;
  message: string;
}

/** What is missing or wrong in a mandate, by field; messages are locale keys of the common namespace. */
export function sepaMandateProblems(m: Partial<SepaMandate>): MandateProblem[] {
  const problems: MandateProblem[] = [];
  const required = "validation.required";
  if (!m.bank) problems.push({ field: "bank", message: required });
  const ibanOk = Boolean(m.iban) && isIban(m.iban ?? "");
  const bicOk = Boolean(m.bic) && isBic(m.bic ?? "");
  if (!ibanOk) problems.push({ field: "iban", message: m.iban ? "validation.sepa.iban" : required });
  if (!bicOk) problems.push({ field: "bic", message: m.bic ? "validation.sepa.bic" : required });
  if (ibanOk && bicOk && !ibanMatchesBic(m.iban ?? "", m.bic ?? ""))
    problems.push({ field: "bic", message: "validation.sepa.mismatch" });
  if (!m.mandateAccepted) problems.push({ field: "mandateAccepted", message: "validation.sepa.consent" });
  return problems;
}

/** The mandate's fields as the card application's form names them (its checkbox posts "on"). */
export interface MandateFields {
  sepaBank?: string;
  iban?: string;
  bic?: string;
  sepaConsent?: string;
}

const FORM_FIELD = { bank: "sepaBank", iban: "iban", bic: "bic", mandateAccepted: "sepaConsent" } as const;

/** `sepaMandateProblems` of the card application's form, at its field names. */
export function mandateProblems(v: MandateFields): { field: keyof MandateFields; message: string }[] {
  const mandate = { bank: v.sepaBank, iban: v.iban, bic: v.bic, mandateAccepted: Boolean(v.sepaConsent) };
  return sepaMandateProblems(mandate).map((p) => ({ field: FORM_FIELD[p.field], message: p.message }));
}
