/**
 * Searching and splicing a page's bytes without decoding it (the edge cache's nonce renewal and the
 * signed-in pages' placeholders): a cached page is read whole, changed in a few places, sent on.
 */
export const encoder = new TextEncoder();

export function startsWithBytes(bytes: Uint8Array, at: number, prefix: Uint8Array): boolean {
  if (at + prefix.length > bytes.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[at + i] !== prefix[i]) return false;
  return true;
}

/** Where `needle` first stands at or after `from`, or -1. */
export function indexOfBytes(bytes: Uint8Array, needle: Uint8Array, from = 0): number {
  for (let at = bytes.indexOf(needle[0], from); at >= 0; at = bytes.indexOf(needle[0], at + 1))
    if (startsWithBytes(bytes, at, needle)) return at;
  return -1;
}

/** The pieces end to end, in one new array. */
export function concatBytes(pieces: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
  let offset = 0;
  for (const piece of pieces) {
    joined.set(piece, offset);
    offset += piece.length;
  }
  return joined;
}
