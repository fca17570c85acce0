/** Image payload rules: Python's lenient base64, format headers, MIME sniffing as AutoGen does it. */
import { describe, expect, it } from "vitest";
import { checkImage, checkImageData, decodeBase64, imageDataUri, imageFormat, imageMimeType } from "../../src/wire/image-data.js";

const b64 = (bytes: number[] | Uint8Array) => Buffer.from(bytes).toString("base64");
// A 1×1 RGB PNG written by a standard encoder (zlib level 9).
const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC";

describe("decodeBase64 follows Python's non-strict b64decode", () => {
  it("skips characters outside the alphabet (line breaks, '-', '_', ':')", () => {
    expect([...decodeBase64("aG\nk=")]).toEqual([104, 105]);
    expect([...decodeBase64("a-G_k:=")]).toEqual([104, 105]);
  });
  it("stops at a completed padding sequence and ignores the rest", () => {
    expect([...decodeBase64("aGk=IGlnbm9yZWQ=")]).toEqual([104, 105]);
    expect([...decodeBase64("aGk===")]).toEqual([104, 105]);
  });
  it("rejects missing padding and a dangling character as Python does", () => {
    expect(() => decodeBase64("aGk")).toThrow("Invalid base64: incorrect padding");
    expect(() => decodeBase64("aGkhI")).toThrow("number of data characters (5) cannot be 1 more than a multiple of 4");
  });
  it("decodes the empty string to no bytes", () => {
    expect(decodeBase64("").length).toBe(0);
  });
});

describe("checkImageData", () => {
  it("accepts a PNG and returns the very same string", () => {
    const r = checkImageData(PNG_1X1);
    expect(r).toEqual({ ok: true, value: PNG_1X1 });
    expect(imageFormat(PNG_1X1)).toBe("PNG");
  });
  it("rejects non-strings, bad base64 and bytes that are no image", () => {
    expect(checkImageData(5)).toMatchObject({ ok: false, code: "image_type" });
    expect(checkImageData("aGk")).toMatchObject({ ok: false, code: "image_base64" });
    expect(checkImageData(b64(Buffer.from("just some text")))).toMatchObject({ ok: false, code: "image_format" });
    expect(checkImageData("")).toMatchObject({ ok: false, code: "image_format" });
  });
  it("rejects a PNG cut short and a PNG whose chunk CRC does not match", () => {
    const bytes = Buffer.from(PNG_1X1, "base64");
    expect(checkImageData(b64(bytes.subarray(0, 40))).ok).toBe(false);
    const corrupt = Buffer.from(bytes);
    corrupt[45] = corrupt[45]! ^ 0xff; // inside the IDAT data
    expect(checkImageData(b64(corrupt)).ok).toBe(false);
  });
  it("rejects a JPEG that is only its start and end markers (detailed format tables: image-data.test.ts)", () => {
    expect(imageFormat(b64([0xff, 0xd8, 0xff, 0xd9]))).toBe(null);
  });
  it("validates a 20 MB image in one linear pass without decoding it whole", () => {
    const body = "A".repeat(20 * 1024 * 1024);
    const png = Buffer.from(PNG_1X1, "base64");
    // A PNG whose IDAT data is larger than the header window: the decoded head ends inside it.
    const header = png.subarray(0, 33);
    const idatLen = 10 * 1024 * 1024;
    const idat = Buffer.alloc(9); // chunk header + 1 data byte: 42 bytes, no base64 padding before the body
    idat.writeUInt32BE(idatLen, 0);
    idat.write("IDAT", 4);
    const data = b64(Buffer.concat([header, idat])) + body;
    // The header is intact and the big chunk runs past the checked window: accepted (pixels are not decoded).
    expect(checkImageData(data).ok).toBe(true);
    // The same with padding after the header: Python stops decoding there, the chunk is cut short.
    expect(checkImageData(b64(Buffer.concat([header, idat.subarray(0, 8)])) + body).ok).toBe(false);
  });
});

describe("checkImage", () => {
  it("keeps only data, and names the data key on errors", () => {
    expect(checkImage({ data: PNG_1X1, url: "x" })).toEqual({ ok: true, value: { data: PNG_1X1 } });
    expect(checkImage({ url: "x" })).toMatchObject({ ok: false, code: "image_type", path: ["data"] });
    expect(checkImage(null)).toMatchObject({ ok: false, code: "image_type" });
    expect(checkImage([PNG_1X1])).toMatchObject({ ok: false, code: "image_type" });
  });
});

describe("MIME sniffing as AutoGen's _get_mime_type_from_data_uri", () => {
  it("knows PNG, JPEG, GIF, WEBP and falls back to JPEG", () => {
    expect(imageMimeType(PNG_1X1)).toBe("image/png");
    expect(imageMimeType(b64([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(imageMimeType(b64(Buffer.from("GIF87a....")))).toBe("image/gif");
    expect(imageMimeType(b64(Buffer.from("RIFF\0\0\0\0WEBPVP8 ")))).toBe("image/webp");
    expect(imageMimeType(b64(Buffer.from("BM......")))).toBe("image/jpeg");
    expect(imageDataUri(PNG_1X1)).toBe(`data:image/png;base64,${PNG_1X1}`);
  });
});
