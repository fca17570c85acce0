/**
 * The image check's CRC-32 (src/wire/image/crc32.ts) against node:zlib's, at every length up to
 * 100 and every alignment: in the decoded head (read as aligned words) and in other buffers.
 */
import { crc32 as zlibCrc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { headScratch } from "../../src/wire/image/bytes.js";
import { crc32, crcTable } from "../../src/wire/image/crc32.js";

/** Deterministic pseudo-random bytes. */
function fill(out: Uint8Array, seed: number): Uint8Array {
  for (let i = 0; i < out.length; i++) out[i] = (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
  return out;
}

describe("crc32", () => {
  it("gives zlib's CRC of the bytes whatever their length and offset in the head", () => {
    const head = fill(headScratch().subarray(0, 200), 3);
    for (let offset = 0; offset < 8; offset++) {
      for (let n = 0; n <= 100; n++) expect(crc32(head.subarray(offset, offset + n)), `offset ${offset}, length ${n}`).toBe(zlibCrc32(head.subarray(offset, offset + n)));
    }
  });

  it("gives zlib's CRC of bytes in a buffer of their own, and of a long run", () => {
    const own = fill(new Uint8Array(4099), 9);
    for (let offset = 0; offset < 8; offset++) expect(crc32(own.subarray(offset, offset + 53))).toBe(zlibCrc32(own.subarray(offset, offset + 53)));
    expect(crc32(own)).toBe(zlibCrc32(own));
    expect(crc32(new TextEncoder().encode("IEND"))).toBe(0xae426082); // every PNG's last four CRC bytes
  });

  it("builds the byte-at-a-time table first", () => {
    expect(crcTable()[1]).toBe(0x77073096);
    expect(crcTable()[255]! >>> 0).toBe(0x2d02ef8d);
  });
});
