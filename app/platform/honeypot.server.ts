/** The registration form's honeypot (remix-utils): a hidden field bots fill in, and a time stamp. */
import { Honeypot } from "remix-utils/honeypot/server";
import type { Env } from "./context";
import { secret } from "./secrets.server";

const NAME_FIELD = "website";
const VALID_FROM_FIELD = "form_started";
/** The trap's fields, which a form with a honeypot sends besides its own. */
export const HONEYPOT_FIELDS = [NAME_FIELD, VALID_FROM_FIELD];

function honeypotFor(env: Env): Honeypot {
  return new Honeypot({
    nameFieldName: NAME_FIELD,
    validFromFieldName: VALID_FROM_FIELD,
    encryptionSeed: secret(env, "CSRF_SECRET"),
  });
}

export function honeypotInputs(env: Env) {
  return honeypotFor(env).getInputProps();
}

/**
 * True when the form was filled in by a bot (or is missing the trap entirely). A time stamp that
 * does not even decrypt (crypto-js throws on some garbage) is a bot's too, not a server error.
 */
export function isSpam(env: Env, form: FormData): boolean {
  if (!form.has(NAME_FIELD) || !form.has(VALID_FROM_FIELD)) return true;
  try {
    honeypotFor(env).check(form);
    return false;
  } catch {
    return true;
  }
}
