/**
 * Product photos are what their bytes say (app/domain/range/photos.ts, docs/decisions/0048): type
 * and pixel size from the signature and header, never from the name or the claimed type.
 */
import { describe, expect, it } from "vitest";
import { MAX_PHOTO_BYTES, checkPhoto, photoFile, photoTypeOfFile, sniffPhoto } from "~/domain/range/photos";
import { makeGif, makeJpeg, makePng, makeWebpExtended, makeWebpLossless, makeWebpLossy } from "../fixtures/photos";
import { photoUrl, productImageSrcSet, productImageUrl } from "~/platform/images";

const bytes = (b: Buffer) => new Uint8Array(b);

describe("sniffing a photo from its bytes", () => {
  it("reads a PNG's type and size from its header", () => {
    expect(sniffPhoto(bytes(makePng(800, 640)))).toEqual({ type: "image/png", width: 800, height: 640 });
  });

  it("reads a JPEG's size from its frame header, baseline and progressive", () => {
    expect(sniffPhoto(bytes(makeJpeg(1200, 900)))).toEqual({ type: "image/jpeg", width: 1200, height: 900 });
    expect(sniffPhoto(bytes(makeJpeg(700, 4000, 0xc2)))).toEqual({ type: "image/jpeg", width: 700, height: 4000 });
  });

  it("reads lossy, lossless and extended WebP", () => {
    expect(sniffPhoto(bytes(makeWebpLossy(1024, 768)))).toEqual({ type: "image/webp", width: 1024, height: 768 });
    expect(sniffPhoto(bytes(makeWebpLossless(600, 16384)))).toEqual({
      type: "image/webp",
      width: 600,
      height: 16384,
    });
    expect(sniffPhoto(bytes(makeWebpExtended(5000, 601)))).toEqual({ type: "image/webp", width: 5000, height: 601 });
  });

  it("refuses truncated files of every type as damaged", () => {
    for (const file of [makePng(700, 700), makeJpeg(700, 700), makeWebpLossy(700, 700), makeWebpExtended(700, 700)]) {
      // too short to tell even the type: refused all the same
      expect(checkPhoto(bytes(file.subarray(0, 9)))).toHaveProperty("refused");
      for (const cut of [file.length - 1, Math.floor(file.length / 2), 20]) {
        expect(sniffPhoto(bytes(file.subarray(0, cut))), `${file.subarray(0, 4).toString("hex")} cut at ${cut}`).toBe(
          "damaged",
        );
      }
    }
    // a JPEG whose frame header lies past the end of its segments
    const jpeg = makeJpeg(700, 700);
    expect(sniffPhoto(bytes(Buffer.concat([jpeg.subarray(0, 30), Buffer.from([0xff, 0xd9])])))).toBe("damaged");
  });

  it("knows nothing of names: a PNG named .jpg is a PNG, an HTML page named .png is no photo, a GIF is refused", () => {
    // the check gets the bytes only: whatever name or type the upload claimed plays no part
    expect(checkPhoto(bytes(makePng(640, 640)))).toEqual({ type: "image/png", width: 640, height: 640 });
    const html = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");
    expect(checkPhoto(bytes(html))).toEqual({ refused: "notPhoto" });
    expect(checkPhoto(bytes(makeGif(800, 800)))).toEqual({ refused: "notPhoto" });
    // an SVG can carry script: never a photo
    expect(checkPhoto(bytes(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')))).toEqual({
      refused: "notPhoto",
    });
  });

  it("refuses too small, too large in pixels, too many bytes and empty files", () => {
    expect(checkPhoto(bytes(makePng(599, 800)))).toEqual({ refused: "tooSmall" });
    expect(checkPhoto(bytes(makeJpeg(800, 300)))).toEqual({ refused: "tooSmall" });
    expect(checkPhoto(bytes(makeWebpExtended(6001, 800)))).toEqual({ refused: "tooBig" });
    expect(checkPhoto(bytes(makeWebpLossless(800, 16384)))).toEqual({ refused: "tooBig" });
    expect(checkPhoto(new Uint8Array(0))).toEqual({ refused: "empty" });
    const huge = new Uint8Array(MAX_PHOTO_BYTES + 1);
    huge.set(makeJpeg(800, 800));
    expect(checkPhoto(huge)).toEqual({ refused: "tooLarge" });
    // at the limits: taken
    expect(checkPhoto(bytes(makeJpeg(600, 6000)))).toMatchObject({ width: 600, height: 6000 });
  });

  it("refuses a PNG whose first chunk is not its header and a WebP with an unknown chunk", () => {
    const png = makePng(700, 700);
    const broken = Buffer.from(png);
    broken.write("IDAT", 12, "ascii");
    expect(sniffPhoto(bytes(broken))).toBe("damaged");
    const webp = Buffer.from(makeWebpLossy(700, 700));
    webp.write("ALPH", 12, "ascii");
    expect(sniffPhoto(bytes(webp))).toBe("damaged");
  });
});

describe("a photo's name", () => {
  it("is its content address and the extension of its type", () => {
    const hash = "a".repeat(64);
    expect(photoFile(hash, "image/webp")).toBe(`${hash}.webp`);
    expect(photoTypeOfFile(`${hash}.jpg`)).toBe("image/jpeg");
    expect(photoTypeOfFile(`${hash}.svg`)).toBeNull();
    expect(photoTypeOfFile(`${"A".repeat(64)}.png`)).toBeNull();
    expect(photoTypeOfFile("../x.png")).toBeNull();
  });
});

describe("a product's image URL (platform/images.ts)", () => {
  const file = `${"b".repeat(64)}.jpg`;
  it("is the main photo when there is one, the drawn pack otherwise", () => {
    expect(productImageUrl({ sku: "120001", photo: file }, 480, false)).toBe(`/images/photos/${file}?w=480`);
    expect(productImageUrl({ sku: "120001", photo: null }, 480, false)).toBe("/images/products/120001.svg?w=480");
  });

  it("goes through Image Resizing for each width where it is on", () => {
    expect(productImageSrcSet({ sku: "120001", photo: file }, true)).toBe(
      [270, 480, 1024]
        .map((w) => `/cdn-cgi/image/width=${w},fit=contain,format=auto/images/photos/${file} ${w}w`)
        .join(", "),
    );
    expect(photoUrl(file, 270, true)).toBe(`/cdn-cgi/image/width=270,fit=contain,format=auto/images/photos/${file}`);
  });
});
