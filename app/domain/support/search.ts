/**
 * How support finds a customer (issue 32 §4): one search text, and what it is. "all" tries every
 * kind at once; a number-like text then also matches the numbers, a word only names and addresses.
 */
export const SEARCH_KINDS = ["all", "email", "name", "customer", "member", "order", "card"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const CUSTOMER_SORTS = ["name", "email", "created"] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

export function parseSearchKind(value: string | null): SearchKind {
  return (SEARCH_KINDS as readonly string[]).includes(value ?? "") ? (value as SearchKind) : "all";
}

/** A number as people type it (card numbers in groups, "Nr. 1042"): its digits, or null. */
export function digitsOf(text: string): string | null {
  const digits = text.replace(/[\s.\-/]|nr/gi, "");
  return /^\d{1,20}$/.test(digits) ? digits : null;
}

/** A card number as support may see it on screen: the last four digits only. */
export function maskCardNumber(number: string): string {
  return `•••• ${number.slice(-4)}`;
}

/** The LIKE pattern of a text, its own wildcards taken literally (escape character "\"). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
