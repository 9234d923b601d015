/**
 * Product photos (issue 33 §2, docs/decisions/0048): what a photo is, read from its bytes alone.
 * The file's name and the type the sender claims are never asked: a PNG named ".jpg" is a PNG, an
 * HTML page named ".png" is no photo. The type comes from the format's signature, the pixel size
 * from its header, and a file cut short (its end marker or its stated length missing) is refused,
 * so what is stored is what a browser will draw.
 */
import { z } from "zod";

export const PHOTO_TYPES = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
} as const;
export type PhotoType = keyof typeof PHOTO_TYPES;

/** The largest photo taken: a camera's JPEG at full size stays below it. */
export const MAX_PHOTO_BYTES = 8 * 1024 * 1024;
/** Large enough for the product page's 1024 px image on a phone's dense screen without blur. */
export const MIN_PHOTO_SIDE = 600;
/** Larger pictures only cost the resizer time and memory; none of the shop's sizes needs them. */
export const MAX_PHOTO_SIDE = 6000;
/** Photos one product shows at most (the gallery's thumbnails). */
export const MAX_PHOTOS_PER_PRODUCT = 12;

export interface PhotoFacts {
  type: PhotoType;
  width: number;
  height: number;
}

export type PhotoRefusal = "empty" | "tooLarge" | "notPhoto" | "damaged" | "tooSmall" | "tooBig";

/** What the bytes are, or why they are no photo the shop takes. */
export function checkPhoto(bytes: Uint8Array): PhotoFacts | { refused: PhotoRefusal } {
  if (bytes.byteLength === 0) return { refused: "empty" };
  if (bytes.byteLength > MAX_PHOTO_BYTES) return { refused: "tooLarge" };
  const facts = sniffPhoto(bytes);
  if (facts === "unknown" || facts === "damaged") return { refused: facts === "unknown" ? "notPhoto" : "damaged" };
  if (facts.width < MIN_PHOTO_SIDE || facts.height < MIN_PHOTO_SIDE) return { refused: "tooSmall" };
  if (facts.width > MAX_PHOTO_SIDE || facts.height > MAX_PHOTO_SIDE) return { refused: "tooBig" };
  return facts;
}

/**
 * The format and pixel size from the bytes: "unknown" when no accepted signature opens them,
 * "damaged" when one does but the header or the file's end is missing or malformed.
 */
export function sniffPhoto(bytes: Uint8Array): PhotoFacts | "unknown" | "damaged" {
  if (startsWith(bytes, PNG_SIGNATURE)) return png(bytes);
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpeg(bytes);
  if (startsWith(bytes, RIFF) && startsWith(bytes.subarray(8), WEBP)) return webp(bytes);
  return "unknown";
}

/** The photo's name: its content address (SHA-256 of the bytes) and its type's extension. */
export function photoFile(sha256Hex: string, type: PhotoType): string {
  return `${sha256Hex}.${PHOTO_TYPES[type]}`;
}

/** A file name as `photoFile` makes them; anything else names no photo. */
export const PHOTO_FILE_PATTERN = /^([0-9a-f]{64})\.(jpg|png|webp)$/;

export function photoTypeOfFile(file: string): PhotoType | null {
  const match = PHOTO_FILE_PATTERN.exec(file);
  if (!match) return null;
  const ext = match[2];
  return (Object.keys(PHOTO_TYPES) as PhotoType[]).find((t) => PHOTO_TYPES[t] === ext) ?? null;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_IEND = [0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);
}

const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u32be = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;
const u16le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u24le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
const u32le = (b: Uint8Array, at: number) => (u24le(b, at) | (b[at + 3] << 24)) >>> 0;

/** PNG: the IHDR chunk right after the signature names the size; the file ends with IEND. */
function png(b: Uint8Array): PhotoFacts | "damaged" {
  if (b.length < 33 + 12) return "damaged";
  const ihdr = u32be(b, 8) === 13 && b[12] === 0x49 && b[13] === 0x48 && b[14] === 0x44 && b[15] === 0x52;
  if (!ihdr) return "damaged";
  // IEND: length 0, its type and its fixed CRC close every complete PNG
  const end = b.subarray(b.length - 12);
  if (u32be(end, 0) !== 0 || !startsWith(end.subarray(4), PNG_IEND)) return "damaged";
  const width = u32be(b, 16);
  const height = u32be(b, 20);
  return width && height ? { type: "image/png", width, height } : "damaged";
}

/**
 * JPEG: walks the marker segments to the first frame header (SOF0 to SOF15 but DHT, JPG and DAC),
 * which names the size; the file ends with EOI.
 */
function jpeg(b: Uint8Array): PhotoFacts | "damaged" {
  if (b.length < 4 || b[b.length - 2] !== 0xff || b[b.length - 1] !== 0xd9) return "damaged";
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return "damaged";
    const marker = b[at + 1];
    // fill bytes between segments
    if (marker === 0xff) {
      at++;
      continue;
    }
    // markers without a segment: TEM, RST0-7
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return "damaged"; // image data or the end before any frame header
    const length = u16be(b, at + 2);
    if (length < 2 || at + 2 + length > b.length) return "damaged";
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (length < 8) return "damaged";
      const height = u16be(b, at + 5);
      const width = u16be(b, at + 7);
      return width && height ? { type: "image/jpeg", width, height } : "damaged";
    }
    at += 2 + length;
  }
  return "damaged";
}

/**
 * WebP: a RIFF container whose stated length is the file's, with one of three first chunks: VP8
 * (lossy: the key frame's start code, then 14-bit sizes), VP8L (lossless: signature 0x2f, then
 * 14-bit sizes less one) or VP8X (extended: 24-bit canvas sizes less one).
 */
function webp(b: Uint8Array): PhotoFacts | "damaged" {
  if (b.length < 30 || u32le(b, 4) + 8 !== b.length) return "damaged";
  const chunk = String.fromCharCode(b[12], b[13], b[14], b[15]);
  const size = u32le(b, 16);
  if (20 + size > b.length) return "damaged";
  let width = 0;
  let height = 0;
  if (chunk === "VP8 ") {
    if (size < 10 || b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return "damaged";
    width = u16le(b, 26) & 0x3fff;
    height = u16le(b, 28) & 0x3fff;
  } else if (chunk === "VP8L") {
    if (size < 5 || b[20] !== 0x2f) return "damaged";
    const bits = u32le(b, 21);
    width = (bits & 0x3fff) + 1;
    height = ((bits >>> 14) & 0x3fff) + 1;
  } else if (chunk === "VP8X") {
    if (size < 10) return "damaged";
    width = u24le(b, 24) + 1;
    height = u24le(b, 27) + 1;
  } else return "damaged";
  return width && height ? { type: "image/webp", width, height } : "damaged";
}

const photosRevision = z.coerce.number({ invalid_type_error: "staffRange:stale" }).int().min(0);

/**
 * The upload form: the file, and the photo list's revision the page showed. In the browser the
 * size is checked before sending; what the bytes are, only the server tells (`checkPhoto`).
 */
export const photoUploadSchema = z.object({
  photosRevision,
  photo: z
    .instanceof(File, { message: "staffRange:photos.required" })
    .refine((f) => f.size <= MAX_PHOTO_BYTES, "staffRange:photos.tooLarge"),
});

/** Removing a photo, or making it the main photo: which one, on which revision of the list. */
export const photoChoiceSchema = z.object({
  photosRevision,
  file: z.string({ required_error: "staffRange:stale" }).regex(PHOTO_FILE_PATTERN, "staffRange:stale"),
});

export interface StoredPhoto {
  file: string;
  width: number;
  height: number;
  bytes: number;
}

/**
 * A product's photos as the range page shows them, each with its thumbnail's URL, which the loader
 * makes (`photosView` beside the range page's photo forms): the shop's pages keep the image code in a
 * chunk of their own, which an import from the back office would split (the bundle budget).
 */
export interface PhotosView {
  revision: number;
  photos: (StoredPhoto & { url: string })[];
}
