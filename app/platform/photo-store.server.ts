/**
 * The product photos' bucket (R2; Miniflare's R2 locally): objects named by their content
 * (docs/decisions/0048), so writing one twice writes the same bytes and an object never changes.
 */

/** The SHA-256 of the bytes, as lowercase hex: the photo's content address. */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Stores the bytes under their name, unless they are there already (same name, same bytes). */
export async function putPhoto(bucket: R2Bucket, file: string, bytes: Uint8Array, contentType: string): Promise<void> {
  if (await bucket.head(file)) return;
  await bucket.put(file, bytes, { httpMetadata: { contentType } });
}

/** The stored object with its body, or null when there is none by that name. */
export function getPhoto(bucket: R2Bucket, file: string): Promise<R2ObjectBody | null> {
  return bucket.get(file);
}
