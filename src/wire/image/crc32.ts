/**
 * CRC-32 of PNG chunks (the zlib polynomial): slicing by 8 over aligned 32-bit words of the
 * decoded head, where nearly every chunk an image check verifies lies.
 */
import { headScratch, LITTLE_ENDIAN } from "./bytes.js";

/** CRC-32 tables for slicing by 8: `[k * 256 + n]` is the CRC of byte n followed by k zero bytes. */
let crcTables: Int32Array | undefined;
/** The scan's head read as 32-bit words (the bytes of nearly every CRC are there). */
let headWords32: Int32Array | undefined;

/**
 * The tables, built on first use; the first 256 entries are the byte-at-a-time table.
 *
 * @example crcTable()[1] // 0x77073096
 */
export function crcTable(): Int32Array {
  let t = crcTables;
  if (!t) {
    t = crcTables = new Int32Array(2048);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      t[n] = c;
    }
    for (let i = 256; i < 2048; i++) t[i] = (t[i - 256]! >>> 8) ^ t[t[i - 256]! & 0xff]!;
  }
  return t;
}

/**
 * CRC-32 (the PNG / zlib polynomial), eight bytes per step.
 *
 * @example crc32(new TextEncoder().encode("IEND")) // 0xae426082
 */
export function crc32(bytes: Uint8Array): number {
  // Int32 entries and an int32 running value (-1, not 0xffffffff): the loop stays in 32-bit
  // integers (a uint32 above 2^31 would make V8 keep `c` as a double, about twice as slow).
  const t = crcTable();
  let c = -1;
  let i = 0;
  const n = bytes.length;
  if (LITTLE_ENDIAN && n >= 16) {
    // Bytes up to a 4-byte boundary of the buffer, then two aligned words a step: one load for
    // four bytes instead of four loads and three shifts. The words must be little-endian, as the
    // tables' byte order needs (a big-endian machine takes the byte loop below). Bytes decoded
    // past the head have their own buffer, whose view is not kept.
    const buffer = bytes.buffer;
    const head = headScratch().buffer;
    const words = buffer === head ? (headWords32 ??= new Int32Array(head, 0, head.byteLength >> 2)) : new Int32Array(buffer, 0, buffer.byteLength >> 2);
    const offset = bytes.byteOffset;
    for (; ((offset + i) & 3) !== 0; i++) c = t[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
    for (let w = (offset + i) >> 2; i + 8 <= n; i += 8, w += 2) {
      c ^= words[w]!;
      const d = words[w + 1]!;
      c =
        t[1792 + (c & 0xff)]! ^ t[1536 + ((c >>> 8) & 0xff)]! ^ t[1280 + ((c >>> 16) & 0xff)]! ^ t[1024 + (c >>> 24)]! ^
        t[768 + (d & 0xff)]! ^ t[512 + ((d >>> 8) & 0xff)]! ^ t[256 + ((d >>> 16) & 0xff)]! ^ t[d >>> 24]!;
    }
  }
  for (; i < n; i++) c = t[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}
