/**
 * The text a PDF drawn by pdf-lib shows, for tests: each content stream inflated, and each string
 * drawn with `Tj` decoded from the standard fonts' WinAnsi encoding (pdf-lib writes them as hex).
 * One drawn string per line, in drawing order.
 */
import { inflateSync } from "node:zlib";

// Node's decoder labelled windows-1252 leaves 0x80-0x9F as control characters; WinAnsi has "€" there
const WIN_ANSI_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

const winAnsi = {
  decode: (bytes: Buffer) =>
    [...bytes].map((b) => (b >= 0x80 && b <= 0x9f ? WIN_ANSI_HIGH[b - 0x80] : String.fromCharCode(b))).join(""),
};

export function pdfText(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes).toString("latin1");
  const texts: string[] = [];
  for (const match of raw.matchAll(/<<([^]*?)>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf("endstream", start);
    const data = Buffer.from(raw.slice(start, end), "latin1");
    const content = /\/FlateDecode/.test(match[1]) ? inflateSafely(data) : data.toString("latin1");
    for (const shown of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g))
      texts.push(winAnsi.decode(Buffer.from(shown[1], "hex")));
  }
  return texts;
}

function inflateSafely(data: Buffer): string {
  try {
    return inflateSync(data).toString("latin1");
  } catch {
    // not a content stream (a font or an image's data): it shows no text
    return "";
  }
}
