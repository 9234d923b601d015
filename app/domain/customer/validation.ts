/**
 * The customer forms' rules as plain functions: the zod schemas use them, and the unit
 * tests pin their boundaries.
 */
export const MAX_LENGTH = {
  email: 254,
  password: 128,
  name: 50,
  street: 100,
  houseNumber: 10,
  addressAddition: 100,
  city: 50,
  telephone: 30,
} as const;

export const MIN_PASSWORD_LENGTH = 8;
export const MINIMUM_AGE = 18;
/** Older than this is a typing error, not a customer. */
export const MAXIMUM_AGE = 120;

/** Optional leading + or digit, then at least two of digits, spaces, dashes, brackets or slashes, ending in a digit. */
export const PHONE_PATTERN = /^[+\d]?[\d \-()/]+\d$/;
export const ZIP_PATTERN = /^\d{5}$/;

export function isValidPhone(value: string): boolean {
  return value === "" || PHONE_PATTERN.test(value);
}

export function isValidZip(value: string): boolean {
  return ZIP_PATTERN.test(value);
}

/** "A value must contain no space" (house numbers like "12a", "7-9"). */
export function hasNoSpace(value: string): boolean {
  return !/\s/.test(value);
}

export function hasDigitAndLetter(password: string): boolean {
  return /\d/.test(password) && /\p{L}/u.test(password);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date "YYYY-MM-DD" (no 31 February). */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Completed years between a birth date and a day, both "YYYY-MM-DD"; the birthday itself counts. */
export function ageOn(dob: string, today: string): number {
  const [by, bm, bd] = dob.split("-").map(Number);
  const [ty, tm, td] = today.split("-").map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

export type DobProblem = "invalid" | "tooYoung" | "tooOld";

export function dobProblem(dob: string, today: string): DobProblem | null {
  if (!isCalendarDate(dob) || dob > today) return "invalid";
  const age = ageOn(dob, today);
  if (age < MINIMUM_AGE) return "tooYoung";
  if (age > MAXIMUM_AGE) return "tooOld";
  return null;
}
