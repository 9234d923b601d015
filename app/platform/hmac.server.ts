/**
 * HMAC-SHA-256 over a raw body, hex-encoded: how the stand-in services (the payment and signing
 * sandboxes) and the signing API sign their server-to-server confirmations.
 */
const encoder = new TextEncoder();

function key(secret: string, usage: "sign" | "verify"): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [usage]);
}

export async function hmacHex(secret: string, body: string): Promise<string> {
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", await key(secret, "sign"), encoder.encode(body)));
  return [...signature].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Constant-time check (crypto.subtle.verify) of a hex signature over the raw body. */
export async function verifyHmacHex(secret: string, body: string, signature: string | null): Promise<boolean> {
  if (!signature || !/^[0-9a-f]{64}$/.test(signature)) return false;
  const bytes = new Uint8Array(signature.match(/../g)!.map((h) => parseInt(h, 16)));
  return crypto.subtle.verify("HMAC", await key(secret, "verify"), bytes, encoder.encode(body));
}
