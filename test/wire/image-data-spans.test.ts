/**
 * Image data beyond the eagerly decoded head (the first 65,535 bytes), and base64 details the
 * decoder must get right at any offset. Expected bytes come from node's own base64 codec and
 * CRCs from node:zlib; expected outcomes follow Python's `base64.b64decode` (non-strict) and the
 * PNG / JPEG specifications.
 */
import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { checkImageData, decodeBase64, imageDataUri, imageMimeType } from "../../src/wire/image-data.js";

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
const wrap = (text: string) => text.replace(/(.{76})/g, "$1\r\n");
/** Deterministic pseudo-random bytes. */
function bytesOf(n: number, seed = 7): Buffer {
  const out = Buffer.alloc(n);
  for (let i = 0; i < n; i++) out[i] = (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
  return out;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
// A 1×1 RGB PNG written by a standard encoder.
const PNG_1X1 = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC", "base64");

describe("decoding past the head", () => {
  it("decodes every byte of long data, clean or wrapped, whatever its length modulo 3", () => {
    for (const n of [200_000, 200_001, 200_002]) {
      const bytes = bytesOf(n, n);
      expect(Buffer.from(decodeBase64(b64(bytes))).equals(bytes)).toBe(true);
      expect(Buffer.from(decodeBase64(wrap(b64(bytes)))).equals(bytes)).toBe(true);
    }
  });

  it("checks a PNG chunk that straddles the head against its CRC", () => {
    const text = pngChunk("tEXt", Buffer.concat([Buffer.from("Comment\0", "latin1"), Buffer.alloc(80_000, 0x41)]));
    const png = Buffer.concat([PNG_1X1.subarray(0, 33), text, PNG_1X1.subarray(33)]);
    expect(checkImageData(b64(png))).toEqual({ ok: true, value: b64(png) });
    expect(checkImageData(wrap(b64(png))).ok).toBe(true);
    const corrupt = Buffer.from(png);
    corrupt[70_000] = 0x42; // inside the tEXt data, past the head
    expect(checkImageData(b64(corrupt))).toMatchObject({
      ok: false,
      code: "image_format",
      message: "not an image AutoGen can read: PNG, but the tEXt chunk fails its CRC",
    });
  });

  it("finds a JPEG's end-of-image marker far past the head", () => {
    // SOI, a big comment, a quantization table, a minimal 8-bit 1×1 greyscale frame, a scan header and some scan data.
    const com = Buffer.concat([Buffer.from([0xff, 0xfe, 0xff, 0xff]), Buffer.alloc(65_533, 0x20)]);
    const dqt = Buffer.from([0xff, 0xdb, 0, 67, 0, ...new Array<number>(64).fill(1)]);
    const sof = Buffer.from([0xff, 0xc0, 0, 11, 8, 0, 1, 0, 1, 1, 1, 0x11, 0]);
    const sos = Buffer.from([0xff, 0xda, 0, 8, 1, 1, 0, 0, 63, 0]);
    const scan = Buffer.alloc(50_000, 0x12);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8]), com, com, dqt, sof, sos, scan, Buffer.from([0xff, 0xd9])]);
    expect(checkImageData(b64(jpeg)).ok).toBe(true);
    expect(checkImageData(b64(jpeg.subarray(0, jpeg.length - 2)))).toMatchObject({
      ok: false,
      message: "not an image AutoGen can read: JPEG, but it is cut short (no end-of-image marker after the scan)",
    });
  });
});

describe("base64 details", () => {
  it("ignores the unused low bits of the last character, as Python does", () => {
    // 'l' and 'k' differ only in the two bits a two-byte quad drops: both decode to "hi".
    expect([...decodeBase64("aGl=")]).toEqual([104, 105]);
    // Text that is not one clean run is re-encoded from its bytes, so those bits come out zero.
    expect(imageDataUri("aG\nl=")).toBe("data:image/jpeg;base64,aGk=");
  });

  it("sniffs the MIME type from the first 12 bytes only, by Python's rules", () => {
    const gif = b64(Buffer.from("GIF89a", "latin1"));
    // Junk and '=' that does not complete a quad are skipped within the first 16 characters.
    expect(imageMimeType(`${gif.slice(0, 2)}=-${gif.slice(2)}`)).toBe("image/gif");
    // Completed padding ends the data: what follows is never part of the head.
    expect(imageMimeType(`aGk=${b64(PNG_1X1)}`)).toBe("image/jpeg");
    // Bad padding further on does not matter.
    expect(imageMimeType(`${b64(PNG_1X1.subarray(0, 12))}A`)).toBe("image/png");
    expect(imageMimeType(b64(Buffer.from("RIFF\0\0\0\0WEBP", "latin1")))).toBe("image/webp");
  });
});

describe("the head's decoding and the CRC at every offset and length", () => {
  // The head is decoded four quads (16 characters) at a time and a block holding a character
  // outside the alphabet is redone quad by quad; the CRC runs eight bytes a step, then byte-wise.
  it("decodes the same bytes whichever character of the head a skipped character displaces", () => {
    const bytes = bytesOf(300, 11);
    const clean = b64(bytes);
    for (const junk of ["\n", "\r\n", " ", "-", "_", "*", "\t"]) {
      for (let at = 0; at <= 70; at++) {
        const text = clean.slice(0, at) + junk + clean.slice(at);
        expect(Buffer.from(decodeBase64(text)).equals(bytes), `${JSON.stringify(junk)} at ${at}`).toBe(true);
      }
    }
  });

  it("rejects a non-ASCII character anywhere in the head, as Python does", () => {
    const clean = b64(bytesOf(120, 5));
    for (let at = 0; at <= 40; at++) expect(() => decodeBase64(clean.slice(0, at) + "é" + clean.slice(at)), `at ${at}`).toThrow(/only ASCII/);
  });

  it("takes a PNG with an ancillary chunk of every length from 0 to 40 and rejects each with one byte changed", () => {
    for (let n = 0; n <= 40; n++) {
      const text = pngChunk("tEXt", Buffer.concat([Buffer.from("k\0", "latin1"), bytesOf(n, n + 1)]));
      const png = Buffer.concat([PNG_1X1.subarray(0, 33), text, PNG_1X1.subarray(33)]);
      expect(checkImageData(b64(png)).ok, `length ${n}`).toBe(true);
      for (const at of [33 + 8, 33 + 8 + 1 + n]) { // the chunk's first and last data bytes
        const corrupt = Buffer.from(png);
        corrupt[at] = corrupt[at]! ^ 0x01;
        expect(checkImageData(b64(corrupt)), `length ${n}, byte ${at}`).toMatchObject({ ok: false, message: "not an image AutoGen can read: PNG, but the tEXt chunk fails its CRC" });
      }
    }
  });
});
