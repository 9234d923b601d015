/**
 * Password hashing (docs/architecture.md "Sessions and security"): PBKDF2-SHA-256 through WebCrypto with
 * a random salt, after an HMAC with the pepper secret, so a copy of the database alone is not
 * enough to test guesses. The scheme and iteration count are stored with the hash, so they can be
 * raised later without locking anyone out.
 */
export const PASSWORD_ITERATIONS = 100_000;
const SCHEME = "pbkdf2-sha256";
const encoder = new TextEncoder();

function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)));
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0)) as Uint8Array<ArrayBuffer>;
}

async function peppered(password: string, pepper: string): Promise<ArrayBuffer> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(pepper), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return crypto.subtle.sign("HMAC", key, encoder.encode(password));
}

async function derive(
  password: string,
  pepper: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<ArrayBuffer> {
  const material = await crypto.subtle.importKey("raw", await peppered(password, pepper), "PBKDF2", false, [
    "deriveBits",
  ]);
  return crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, material, 256);
}

export async function hashPassword(
  password: string,
  pepper: string,
  iterations = PASSWORD_ITERATIONS,
): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, pepper, salt, iterations);
  return `${SCHEME}$${iterations}$${toBase64(salt)}$${toBase64(hash)}`;
}

export async function verifyPassword(password: string, stored: string, pepper: string): Promise<boolean> {
  const [scheme, iterationText, saltText, hashText] = stored.split("$");
  const iterations = Number(iterationText);
  if (scheme !== SCHEME || !Number.isInteger(iterations) || !saltText || !hashText) return false;
  const actual = new Uint8Array(await derive(password, pepper, fromBase64(saltText), iterations));
  const expected = fromBase64(hashText);
  if (actual.length !== expected.length) return false;
  let difference = 0;
  for (let i = 0; i < actual.length; i++) difference |= actual[i] ^ expected[i];
  return difference === 0;
}

/**
 * Checked when no customer has the e-mail address, so an unknown address takes as long as a
 * wrong password and the answer time tells nothing about who has an account.
 */
export const DECOY_PASSWORD_HASH = `${SCHEME}$${PASSWORD_ITERATIONS}$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`;
