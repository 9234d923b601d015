/**
 * Remix's signed cookies, with each secret's HMAC key imported once per isolate. The Cloudflare
 * adapter imports the secret again for every signature it makes or checks, and a signed-in request
 * checks three or four (the request guard, the session, the CSRF token): on an edge-cached page
 * that was a tenth of the work (docs/decisions/0030). The signature format is the adapter's, so
 * every cookie already set stays valid.
 */
import { createCookieFactory } from "@remix-run/server-runtime";
import { BoundedMap } from "./bounded-map";

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    keys.set(secret, key);
  }
  return key;
}

/** `value.signature`, the signature in base64 without padding. */
async function sign(value: string, secret: string): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(value));
  return `${value}.${btoa(String.fromCharCode(...new Uint8Array(signature))).replace(/=+$/, "")}`;
}

/** False for a wrong signature; a signature that is no base64 throws, as the adapter's does (the request guard clears such a cookie). */
async function verifiedValue(signed: string, secret: string): Promise<string | false> {
  const dot = signed.lastIndexOf(".");
  const value = signed.slice(0, dot);
  const signature = Uint8Array.from(atob(signed.slice(dot + 1)), (c) => c.charCodeAt(0));
  const valid = await crypto.subtle.verify("HMAC", await hmacKey(secret), signature, encoder.encode(value));
  return valid ? value : false;
}

/**
 * The signed values this isolate has checked, per secret: a shopper's browser sends the same
 * cookies with every request, and the guard and the readers each parse them. A signature's
 * validity depends only on the value and the secret, so a checked one needs no second check.
 * Bounded: the oldest entries go first.
 */
const checked = new Map<string, BoundedMap<string, Promise<string | false>>>();

function unsign(signed: string, secret: string): Promise<string | false> {
  let bySecret = checked.get(secret);
  if (!bySecret) {
    bySecret = new BoundedMap(2_000);
    checked.set(secret, bySecret);
  }
  const known = bySecret.get(signed);
  if (known) return known;
  const result = verifiedValue(signed, secret);
  bySecret.set(signed, result);
  // A signature that throws is not remembered: the next request throws again on its own.
  result.catch(() => bySecret.delete(signed));
  return result;
}

export const createCookie = createCookieFactory({ sign, unsign });
