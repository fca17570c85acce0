/**
 * AutoGen `Image` payloads: `{"data": "<base64>"}`.
 *
 * AutoGen validates an image with `PIL.Image.open(BytesIO(base64.b64decode(data))).convert("RGB")`
 * and re-encodes it as PNG on dump. This library keeps the text exactly as received and checks,
 * without decoding pixels, that AutoGen would take it:
 *
 * 1. the base64 decodes by Python's non-strict rules (`binascii.a2b_base64`, strict_mode=False);
 * 2. the bytes start with the signature of a format Pillow 9.4 opens without extra libraries
 *    (PNG, JPEG, GIF, WEBP, BMP, TIFF, ICO);
 * 3. the header walk Pillow's `_open` does succeeds (sizes, modes, chunk/segment structure), and
 *    the parts `convert("RGB")` then reads are present (PNG image data, GIF frame data, BMP pixels).
 *
 * The string is scanned once (character classes and the padding state machine), decoding its
 * first 64 KB on the way; bytes further on are decoded only where a header walk asks for them,
 * so a 20 MB image costs one linear pass. Formats without a signature (TGA, IM, …) cannot be
 * sniffed and are rejected, as are Pillow's rarer formats (see {@link IMAGE_FORMATS}).
 */
import { fail, jsonTypeName, pass, type Check } from "./check.js";
import { isModelObject, isPlainObject, nonPlainName } from "./json-data.js";
import { jsonTextHint } from "./hints.js";
import { checkJpeg } from "./image/jpeg.js";
import { checkTiff } from "./image/tiff.js";
import { checkWebp } from "./image/webp.js";
import { Bytes, checkSize, decodeSpan, headScratch, HEAD_BYTES, latin1, LITTLE_ENDIAN, PillowValueError, SEXTET, type Base64Data, type ImageProblem } from "./image/bytes.js";
import { crc32, crcTable } from "./image/crc32.js";

// ---------------------------------------------------------------------------------------------
// Base64 with Python's non-strict rules
// ---------------------------------------------------------------------------------------------

const PAD = 0x3d; // "="
const NON_ASCII = "string argument should contain only ASCII characters";

const HEAD_CHARS = (HEAD_BYTES / 3) * 4;

/** The first characters of the text as bytes (UTF-8: the ASCII ones match their characters). */
let textScratch: Uint8Array | undefined;
/** The same buffer read two characters at a time (in the machine's byte order). */
let textPairs: Uint16Array | undefined;
/** The decoded head written four bytes at a time. */
let headWords: DataView | undefined;
let encoder: TextEncoder | undefined;

/**
 * The 12-bit value of each pair of alphabet characters, indexed by the two bytes read as one
 * native-endian 16-bit unit; -1 for any pair with a byte outside the alphabet. Half the lookups
 * of one sextet a character; built on first use (128 KB).
 */
let pairTable: Int16Array | undefined;

function pairs(): Int16Array {
  if (pairTable) return pairTable;
  const t = new Int16Array(65536).fill(-1);
  for (let a = 0; a < 256; a++) {
    if (SEXTET[a]! < 0) continue;
    for (let b = 0; b < 256; b++) if (SEXTET[b]! >= 0) t[LITTLE_ENDIAN ? a | (b << 8) : (a << 8) | b] = (SEXTET[a]! << 6) | SEXTET[b]!;
  }
  return (pairTable = t);
}

// Each pattern is a single character class (or a run of one), so matching is linear.
const NOT_DATA = /[^A-Za-z0-9+/]/g;
const NOT_DATA_RUNS = /[^A-Za-z0-9+/]+/g;
const NON_ASCII_AFTER = /[^\x00-\x7f]/g;
/** Up to 16 data characters and the other characters before each (no backtracking: disjoint classes). */
const FIRST_DATA = /^(?:[^A-Za-z0-9+/]*[A-Za-z0-9+/]){0,16}/;

/** Text after the data run (normally its padding) up to this length is searched by a loop: a regex call costs more. */
const SHORT_REST = 64;

/** Whether `s` has a character above U+007F from `i` on. */
function hasNonAscii(s: string, i: number): boolean {
  if (s.length - i > SHORT_REST) {
    NON_ASCII_AFTER.lastIndex = i;
    return NON_ASCII_AFTER.test(s);
  }
  for (; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return true;
  return false;
}

/** Text longer than this is searched with {@link NOT_DATA} rather than a loop. */
const LONG_TEXT = 64 * 1024;

/** Where the run of alphabet characters starting at `i` ends. */
function dataRunEnd(s: string, i: number): number {
  const n = s.length;
  while (i < n && SEXTET[s.charCodeAt(i)]! >= 0) i++;
  return i;
}

/** Bytes decoded from `chars` data characters (a final quad of k > 1 characters gives k - 1). */
function byteCount(chars: number): number {
  return Math.floor(chars / 4) * 3 + Math.max(0, (chars & 3) - 1);
}

/**
 * CPython 3.11's `binascii.a2b_base64(strict_mode=False)` over `s` from `i`, after `chars`
 * data characters: characters outside the alphabet are skipped; `=` after two or three data
 * characters of a quad counts toward padding and, once the quad is complete, ends the input
 * (the rest is ignored); `=` elsewhere is skipped; a data character resets the padding count.
 * Returns the count of data characters and, when padding ended the input, where it did.
 */
function walkBase64(s: string, i: number, chars: number): [chars: number, end?: number] {
  let pads = 0;
  while (i < s.length) {
    if (s.charCodeAt(i) === PAD) {
      i++;
      if ((chars & 3) >= 2 && (chars & 3) + ++pads >= 4) return [chars, i];
    } else if (SEXTET[s.charCodeAt(i)]! < 0) {
      i++;
    } else {
      // A run of data characters (a line of wrapped base64) is consumed in one step.
      const end = dataRunEnd(s, i);
      chars += end - i;
      i = end;
      pads = 0;
    }
  }
  return [chars];
}

/**
 * One pass over the text, decoding by Python's rules ({@link walkBase64}). At the end a quad
 * with one character is the "1 more than a multiple of 4" error, two or three is "Incorrect
 * padding". `b64decode` first encodes the str to ASCII, so any non-ASCII character (even after
 * the padding) is an error. Returns the error text on failure.
 *
 * On success the first {@link HEAD_BYTES} bytes (or all, if fewer) are decoded into
 * {@link headScratch}, valid until the next scan.
 */
function scanBase64(s: string): Base64Data | string {
  const n = s.length;
  // Clean base64 is one run of alphabet characters followed by its padding. Its head is decoded
  // while it is scanned (a sextet of -1 makes the quad negative), so a small image is read once.
  // The head's characters are read as bytes encoded natively: much faster than charCodeAt; the
  // first non-ASCII character ends the loop, so every quad read is one of the text's.
  // Characters are read in pairs ({@link pairs}) and four quads (12 bytes) are written as three
  // 32-bit words; a block with a character outside the alphabet is redone a quad at a time.
  const head = headScratch();
  const text = (textScratch ??= new Uint8Array(HEAD_CHARS));
  const p = (textPairs ??= new Uint16Array(text.buffer));
  const words = (headWords ??= new DataView(head.buffer, head.byteOffset, head.byteLength));
  const t = pairs();
  const quadsEnd = (encoder ??= new TextEncoder()).encodeInto(s, text).written - 3;
  let i = 0;
  let decoded = 0;
  for (const blocksEnd = quadsEnd - 12; i < blocksEnd; i += 16, decoded += 12) {
    const h = i >> 1;
    const v0 = (t[p[h]!]! << 12) | t[p[h + 1]!]!;
    const v1 = (t[p[h + 2]!]! << 12) | t[p[h + 3]!]!;
    const v2 = (t[p[h + 4]!]! << 12) | t[p[h + 5]!]!;
    const v3 = (t[p[h + 6]!]! << 12) | t[p[h + 7]!]!;
    if ((v0 | v1 | v2 | v3) < 0) break;
    words.setInt32(decoded, (v0 << 8) | (v1 >>> 16));
    words.setInt32(decoded + 4, (v1 << 16) | (v2 >>> 8));
    words.setInt32(decoded + 8, (v2 << 24) | v3);
  }
  for (; i < quadsEnd; i += 4, decoded += 3) {
    const v = (t[p[i >> 1]!]! << 12) | t[p[(i >> 1) + 1]!]!;
    if (v < 0) break;
    head[decoded] = v >> 16;
    head[decoded + 1] = v >> 8;
    head[decoded + 2] = v;
  }
  // The rest of the run: for long text a search for one character class (linear, about twice as
  // fast as a loop); for short text the loop (regexes are slow on strings JSON.parse sliced out of
  // a two-byte source).
  let run: number;
  if (n - i > LONG_TEXT) {
    NOT_DATA.lastIndex = i;
    run = NOT_DATA.exec(s)?.index ?? n;
  } else {
    run = dataRunEnd(s, i);
  }
  const [chars, stop] = walkBase64(s, run, run);
  const end = stop ?? n;
  const quad = chars & 3;
  if (hasNonAscii(s, run)) return NON_ASCII;
  if (stop === undefined && quad === 1) return `number of data characters (${chars}) cannot be 1 more than a multiple of 4`;
  if (stop === undefined && quad !== 0) return "incorrect padding";
  const contiguous = chars === run;
  const d = {
    // Wrapped or junk-laden text is compacted once, so bytes can be located by arithmetic.
    text: contiguous ? s : s.slice(0, end).replace(NOT_DATA_RUNS, ""),
    bytes: byteCount(chars),
    canonical: contiguous && end === n && (quad === 0 ? run === n : n - run === 4 - quad),
  };
  // The loop above stopped at the first quad it could not take whole; the rest of the head.
  decodeSpan(d.text, decoded, Math.min(d.bytes, HEAD_BYTES), head);
  return d;
}

/** The scan's result, or Python's reason as a `RangeError`. */
function scanOrThrow(base64: string): Base64Data {
  const d = scanBase64(base64);
  if (typeof d === "string") throw new RangeError(`Invalid base64: ${d}`);
  return d;
}

/**
 * Decodes base64 exactly as Python's `base64.b64decode` (non-strict) does: characters outside
 * the alphabet (newlines, `-`, `_`, `:`, …) are skipped, completed padding ends the input and
 * anything after it is ignored, extra `=` is tolerated, missing padding is an error.
 *
 * @throws RangeError with Python's reason (`Invalid base64: incorrect padding`, …).
 * @example decodeBase64("aG\nk=") // Uint8Array [104, 105]
 */
export function decodeBase64(base64: string): Uint8Array {
  const d = scanOrThrow(base64);
  return decodeSpan(d.text, 0, d.bytes);
}

// ---------------------------------------------------------------------------------------------
// Format checks: each returns null when Pillow would read the image, else what is wrong
// ---------------------------------------------------------------------------------------------

/** `(bit depth << 8) | colour type` pairs Pillow maps to a mode (`PngImagePlugin._MODES`). */
const PNG_MODES = new Set([0x100, 0x200, 0x400, 0x800, 0x1000, 0x802, 0x1002, 0x103, 0x203, 0x403, 0x803, 0x804, 0x1004, 0x806, 0x1006]);

/** The shortest data the chunk handlers Pillow runs before the image data accept (else ValueError). */
const PNG_MIN_LENGTH: Readonly<Record<string, number>> = { IHDR: 13, sRGB: 1, pHYs: 9, acTL: 8, fcTL: 26 };

/** Whether a byte is one of `[A-Za-z0-9_]` (a byte past the end is -1: not one). */
const isWordByte = (c: number): boolean => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f;

/** Pillow's `is_cid`: four bytes of `[A-Za-z0-9_]`. */
function chunkName(b: Bytes, at: number): string | null {
  const c0 = b.u8(at), c1 = b.u8(at + 1), c2 = b.u8(at + 2), c3 = b.u8(at + 3);
  return isWordByte(c0) && isWordByte(c1) && isWordByte(c2) && isWordByte(c3) ? String.fromCharCode(c0, c1, c2, c3) : null;
}

/** Whether the CRC after the data of the PNG chunk at `pos` (ending at `dataEnd`) matches it. */
function crcMatches(b: Bytes, pos: number, dataEnd: number): boolean {
  return crc32(b.read(pos + 4, dataEnd - pos - 4)) === b.uint(dataEnd, 4, true);
}

/**
 * PNG. `_open` reads every chunk before the first IDAT whole and verifies its CRC (IHDR gives
 * size and mode); `convert` then inflates the IDAT data and reads the chunks after it, needing
 * each one's data to be there, until IEND or a header it cannot parse. Pillow does not check
 * CRCs from IDAT on, but it does inflate the image data: we cannot inflate cheaply, so the IDAT
 * CRC (for chunks within the first {@link HEAD_BYTES}) stands in for "the zlib stream is intact".
 * That is what rejects base64url text, whose skipped `-`/`_` shift every later byte.
 */
function checkPng(b: Bytes): ImageProblem | null {
  let pos = 8;
  let ihdr = false;
  for (;;) {
    const name = chunkName(b, pos + 4);
    if (name === null) return pos + 8 > b.length ? "it ends before the image data" : `bad chunk header at byte ${pos}`;
    if (name === "IDAT") break;
    if (name === "IEND") return "it has no image data";
    const length = b.uint(pos, 4, true);
    const end = pos + 12 + length;
    if (end - 4 > b.length) return `the ${name} chunk is cut short`;
    // The chunk's handler runs before its CRC is checked; a too-short chunk is its ValueError.
    if (length < (PNG_MIN_LENGTH[name] ?? 0)) return new PillowValueError(`its ${name} chunk is too short`);
    if (end > b.length) return `the ${name} chunk is cut short`;
    if (!crcMatches(b, pos, end - 4)) return `the ${name} chunk fails its CRC`;
    if (name === "IHDR") {
      if (!PNG_MODES.has((b.u8(pos + 16) << 8) | b.u8(pos + 17))) return "its bit depth / colour type is not one Pillow reads";
      if (b.u8(pos + 19) !== 0) return "its filter method is unknown";
      const size = checkSize(b.uint(pos + 8, 4, true), b.uint(pos + 12, 4, true));
      if (size) return size;
      ihdr = true;
    }
    pos = end;
  }
  if (!ihdr) return "no IHDR chunk precedes the image data";
  // The image data. `load_read` feeds zlib each IDAT's *declared* length (or what is left of the
  // file), then skips the CRC and reads the next chunk header; zlib stops once every row is out.
  for (;;) {
    const dataEnd = pos + 8 + b.uint(pos, 4, true);
    if (dataEnd + 4 <= b.length && (dataEnd + 4 > HEAD_BYTES || crcMatches(b, pos, dataEnd))) {
      pos = dataEnd + 4;
      if (chunkName(b, pos + 4) === "IDAT") continue;
      break; // the stream ended in this chunk
    }
    // All the data there, only (part of) the CRC or the stream's Adler-32 missing: nothing more is read.
    if (dataEnd + 4 > b.length && dataEnd - b.length <= 4) return null;
    // A wrong length or damaged data: find where the chunk really ends (its CRC matches there).
    const end = trueChunkEnd(b, pos);
    if (end < 0) return dataEnd > b.length ? "the IDAT chunk is cut short" : "its image data is corrupt (IDAT CRC mismatch)";
    // Pillow read the whole stream if the declared length reaches the real end (Adler-32 aside) and
    // the stream does not go on in another IDAT (the CRC and chunk header in between would be read
    // as compressed data); what it then reads as the next chunk header is garbage it stops at.
    if (Math.min(dataEnd, b.length) < end - 4 || chunkName(b, end + 8) === "IDAT") {
      return "its image data is corrupt (an IDAT chunk's length is wrong)";
    }
    return null;
  }
  // `load_end`: the chunks after the image data are read until IEND or a header it cannot parse.
  for (;;) {
    const name = chunkName(b, pos + 4);
    if (name === null || name === "IEND") return null; // where Pillow stops reading
    const dataEnd = pos + 8 + b.uint(pos, 4, true);
    if (dataEnd > b.length) return `the ${name} chunk is cut short`;
    if (name === "IDAT" && dataEnd + 4 <= Math.min(b.length, HEAD_BYTES)) {
      if (!crcMatches(b, pos, dataEnd)) return "its image data is corrupt (IDAT CRC mismatch)";
    }
    pos = dataEnd + 4;
  }
}

/**
 * Where the data of the PNG chunk at `pos` really ends, whatever its length field says: the first
 * offset at which the CRC of the chunk so far matches the four bytes there; -1 if none does.
 */
function trueChunkEnd(b: Bytes, pos: number): number {
  const t = crcTable();
  const bytes = b.read(pos + 4, b.length - pos - 4); // name, data, CRC and whatever follows
  let c = 0xffffffff;
  for (let i = 0; i + 4 <= bytes.length; i++) {
    if (i >= 4 && ((c ^ 0xffffffff) >>> 0) === ((bytes[i]! << 24) | (bytes[i + 1]! << 16) | (bytes[i + 2]! << 8) | bytes[i + 3]!) >>> 0) {
      return pos + 4 + i;
    }
    c = t[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  }
  return -1;
}

/** Bytes of the colour table that the flags of a GIF screen or image descriptor announce. */
function gifPaletteSize(flags: number): number {
  return flags & 0x80 ? 3 << ((flags & 7) + 1) : 0;
}

/**
 * GIF. Mirrors `GifImageFile._open` / `_seek(0)`: screen descriptor, global palette, then blocks
 * until the first image descriptor (extensions skipped the way Pillow's `data()` reads them,
 * unknown bytes ignored). The first frame's data sub-blocks must be present, since `convert`
 * decodes them; data ending exactly after a whole sub-block is accepted (only the terminator
 * and trailer are missing, which Pillow tolerates once the pixels are decoded).
 */
function checkGif(b: Bytes): string | null {
  if (b.length < 13) return "its header is cut short";
  let width = b.uint(6, 2);
  let height = b.uint(8, 2);
  let pos = 13 + gifPaletteSize(b.u8(10));
  // Pillow's `data()`: a length byte and that many bytes (fewer at the end), or null for 0 / EOF.
  const subBlock = (): Uint8Array | null => {
    const n = b.u8(pos++);
    if (n <= 0) return null;
    const block = b.read(pos, n);
    pos += block.length;
    return block;
  };
  for (;;) {
    const c = b.u8(pos++);
    if (c < 0 || c === 0x3b) return "it has no image";
    if (c === 0x21) {
      const label = b.u8(pos++);
      if (label < 0) return "an extension is cut short";
      let block = subBlock();
      if (label === 0xf9 && (block === null || block.length < ((block[0]! & 1) ? 4 : 3))) return "its graphic control extension is cut short";
      if (label === 0xfe) {
        while (block) block = subBlock();
        continue;
      }
      if (label === 0xff && block !== null && latin1(block.subarray(0, 11)) === "NETSCAPE2.0" && subBlock() === null) {
        return "its NETSCAPE2.0 extension is cut short";
      }
      while (subBlock());
    } else if (c === 0x2c) {
      if (pos + 9 > b.length) return "its image descriptor is cut short";
      const [x0, y0, w, h] = [b.uint(pos, 2), b.uint(pos + 2, 2), b.uint(pos + 4, 2), b.uint(pos + 6, 2)];
      pos += 9 + gifPaletteSize(b.u8(pos + 8));
      width = Math.max(width, x0 + w);
      height = Math.max(height, y0 + h);
      const bits = b.u8(pos++);
      if (bits < 0) return "its image data is missing";
      if (bits > 12) return "its LZW code size is invalid";
      const size = checkSize(w, h) ?? checkSize(width, height);
      if (size) return size;
      for (let blocks = 0; ; blocks++) {
        const n = b.u8(pos);
        if (n === 0 || (n < 0 && blocks > 0)) return null; // the terminator, or the end right after a sub-block
        pos += 1 + n;
        if (n < 0 || pos > b.length) return "its image data is cut short";
      }
    }
  }
}

/** DIB header sizes Pillow's `BmpImageFile._bitmap` reads (OS/2 v1, Windows v3/v4/v5, OS/2 v2). */
const BMP_HEADER_SIZES = new Set([12, 40, 64, 108, 124]);

/** BITFIELDS masks Pillow supports, as `bits:r,g,b[,a]`. */
const BMP_MASKS = new Set([
  "32:ff0000,ff00,ff,0", "32:ff000000,ff0000,ff00,0", "32:ff000000,ff0000,ff00,ff", "32:ff,ff00,ff0000,ff000000",
  "32:ff0000,ff00,ff,ff000000", "32:0,0,0,0", "24:ff0000,ff00,ff", "16:f800,7e0,1f", "16:7c00,3e0,1f",
]);

/**
 * A device-independent bitmap whose info header starts at `at` (BMP files and ICO entries).
 * Mirrors `BmpImageFile._bitmap`: header kind, size, bit depth, compression and masks; for
 * uncompressed pixels, `pixels` (their offset, when known) plus rows × stride must fit.
 */
function checkDib(b: Bytes, at: number, pixels: number | null): string | null {
  const headerSize = b.uint(at, 4);
  if (!BMP_HEADER_SIZES.has(headerSize)) return `its header size (${headerSize}) is not one Pillow reads`;
  if (at + headerSize > b.length) return "its header is cut short";
  const f = headerSize === 12 ? 2 : 4; // OS/2 v1 has 16-bit sizes and nothing after the bit depth
  const width = b.uint(at + 4, f);
  let height = b.uint(at + 4 + f, f);
  if (f === 4 && b.u8(at + 11) === 0xff) height = 2 ** 32 - height; // top-down rows
  const bits = b.uint(at + 6 + 2 * f, 2);
  const [compression, colors] = f === 4 ? [b.uint(at + 16, 4), b.uint(at + 32, 4)] : [0, 0];
  if (![1, 4, 8, 16, 24, 32].includes(bits)) return `it has ${bits} bits per pixel`;
  if (bits <= 8 && (colors || 1 << bits) > 65536) return `its palette size (${colors}) is not one Pillow reads`;
  if (compression === 3) {
    const masksAt = headerSize >= 52 ? at + 40 : at + headerSize;
    const count = bits === 32 ? 4 : 3;
    const masks = Array.from({ length: count }, (_, i) => (headerSize >= 52 || i < 3 ? b.uint(masksAt + 4 * i, 4) : 0));
    if (masks.includes(-1)) return "its colour masks are cut short";
    if (!BMP_MASKS.has(`${bits}:${masks.map((m) => m.toString(16)).join(",")}`)) return "its bitfields layout is not one Pillow reads";
  } else if (compression !== 0 && !((compression === 1 || compression === 2) && bits <= 8)) {
    return `its compression (${compression}) is not one Pillow reads`;
  }
  const size = checkSize(width, height);
  if (size) return size;
  if (pixels !== null && compression !== 1 && compression !== 2) {
    // Rows are padded to 4 bytes, but Pillow's raw decoder does not wait for the last row's padding.
    const stride = Math.ceil((width * bits) / 32) * 4;
    if (pixels + stride * (height - 1) + Math.ceil((width * bits) / 8) > b.length) return "its pixel data is cut short";
  }
  return null;
}

/** BMP: file header, then the DIB. Pillow starts reading pixels at the file header's offset. */
function checkBmp(b: Bytes): string | null {
  if (b.length < 18) return "its header is cut short";
  let pixels = b.uint(10, 4);
  const headerSize = b.uint(14, 4);
  const bits = headerSize === 12 ? b.uint(24, 2) : b.uint(28, 2);
  // Pillow's quirk: an offset that points right after the header skips a palette it then assumes.
  if (pixels === 14 + headerSize && bits <= 8) {
    const colors = headerSize === 12 ? 0 : b.uint(46, 4);
    pixels += 4 * (colors || 1 << bits);
  }
  return checkDib(b, 14, pixels);
}

/**
 * ICO. Pillow reads the whole directory, picks the largest entry (then the deepest colours) and
 * opens its data as a PNG or a DIB; the entry's data must be there.
 */
function checkIco(b: Bytes): ImageProblem | null {
  const count = b.uint(4, 2);
  if (count <= 0) return "it has no images";
  if (6 + 16 * count > b.length) return "its directory is cut short";
  let best = { area: -1, depth: -1, offset: 0, size: 0 };
  for (let i = 0; i < count; i++) {
    const e = 6 + 16 * i;
    const [w, h, colors] = [b.u8(e) || 256, b.u8(e + 1) || 256, b.u8(e + 2)];
    const depth = b.uint(e + 6, 2) || (colors ? Math.ceil(Math.log2(colors)) : 0) || 256;
    // Pillow sorts by depth, then (stably) by area, and reverses: ties go to the later entry.
    if (w * h > best.area || (w * h === best.area && depth >= best.depth)) best = { area: w * h, depth, offset: b.uint(e + 12, 4), size: b.uint(e + 8, 4) };
  }
  const image = b.from(best.offset);
  if (image.startsWith(PNG_SIGNATURE)) return checkPng(image);
  // Pillow ignores the entry's byte size, but reads about that much (pixels, then the mask) anyway.
  if (best.offset + best.size > b.length) return "its image is cut short";
  return checkDib(image, 0, null);
}

const PNG_SIGNATURE = ["\x89PNG\r\n\x1a\n"];
const GIF_SIGNATURES = ["GIF87a", "GIF89a"];

/** Each format with Pillow's `_accept` test (the signatures its first bytes may have) and its check. */
const FORMATS: readonly (readonly [ImageFormat, readonly string[], (b: Bytes) => ImageProblem | null])[] = [
  ["PNG", PNG_SIGNATURE, checkPng],
  ["JPEG", ["\xff\xd8\xff"], checkJpeg],
  ["GIF", GIF_SIGNATURES, checkGif],
  ["WEBP", ["RIFF....WEBPVP8 ", "RIFF....WEBPVP8L", "RIFF....WEBPVP8X"], checkWebp],
  ["BMP", ["BM"], checkBmp],
  // Classic and BigTIFF in either byte order, and the byte-swapped magic numbers Pillow also takes.
  ["TIFF", ["MM\0*", "II*\0", "MM*\0", "II\0*", "MM\0+", "II+\0"], checkTiff],
  ["ICO", ["\0\0\x01\0"], checkIco],
];

/**
 * The image formats the library accepts: those Pillow 9.4 opens without extra libraries that
 * people actually send. Pillow's rarer formats (PSD, PCX, SGI, DDS, ICNS, PPM, …) are rejected
 * (AutoGen itself only ever writes PNG), and formats without a signature (TGA, IM, …) cannot be
 * recognised from their bytes.
 *
 * @example IMAGE_FORMATS.includes("WEBP") // true
 */
export const IMAGE_FORMATS = ["PNG", "JPEG", "GIF", "WEBP", "BMP", "TIFF", "ICO"] as const;

/**
 * One of {@link IMAGE_FORMATS}.
 *
 * @example const f: ImageFormat = "PNG";
 */
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/**
 * The MIME type of each {@link ImageFormat}, for converters that label image bytes by their
 * own format (AutoGen's clients re-encode to PNG instead; see each provider's README section).
 *
 * @example IMAGE_MIME_TYPES.ICO // "image/x-icon"
 */
export const IMAGE_MIME_TYPES: Readonly<Record<ImageFormat, string>> = {
  PNG: "image/png",
  JPEG: "image/jpeg",
  GIF: "image/gif",
  WEBP: "image/webp",
  BMP: "image/bmp",
  TIFF: "image/tiff",
  ICO: "image/x-icon",
};

const UNRECOGNISED = `not an image AutoGen can read (${IMAGE_FORMATS.join(", ")})`;

/** The format of base64 image data, or why {@link checkImageData} rejects it. */
function identify(base64: string): Check<ImageFormat> {
  const d = scanBase64(base64);
  if (typeof d === "string") return fail("image_base64", `invalid base64: ${d}`);
  if (d.bytes === 0) return fail("image_format", `${UNRECOGNISED}: no data`);
  const b = new Bytes(d);
  const format = FORMATS.find(([, signatures]) => b.startsWith(signatures));
  if (!format) return fail("image_format", UNRECOGNISED);
  const problem = format[2](b);
  if (problem === null) return pass(format[0]);
  const [code, reason] = problem instanceof PillowValueError ? ["image_value_error", problem.reason] : ["image_format", problem];
  return fail(code, `not an image AutoGen can read: ${format[0]}, but ${reason}`);
}

// ---------------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------------

/**
 * Validates the `data` of an AutoGen image: base64 text (decoded by Python's non-strict rules)
 * whose bytes are an image AutoGen can read. Returns the string unchanged.
 * Failure codes: `image_type` (not a string, including missing/null: AutoGen's TypeError /
 * ValueError), `image_base64` (undecodable), `image_format` (not a recognised, complete image),
 * `image_value_error` (a chunk Pillow refuses with a ValueError rather than an OSError).
 *
 * @example checkImageData(pngBase64) // { ok: true, value: pngBase64 }
 * @example checkImageData("aGk").code // "image_base64"
 */
export function checkImageData(data: unknown): Check<string> {
  if (typeof data !== "string") {
    return fail("image_type", `expected base64 image data, got ${data === undefined ? "nothing" : jsonTypeName(data)}`);
  }
  const r = identify(data);
  if (r.ok) return pass(data);
  return isDataUri(data) ? { ...r, hint: DATA_URI_HINT } : r;
}

const isDataUri = (s: unknown): boolean => typeof s === "string" && /^\s*data:/i.test(s.slice(0, 20));
const DATA_URI_HINT = 'an image is {"data": "<base64>"}: the base64 text of a data URI, without its "data:…;base64," prefix';
const URL_HINT = 'an image is {"data": "<base64>"}, not a URL: download the image and pass its bytes base64-encoded';

/** How to turn what was given as an image into one: a data URI, a URL, `{ url }`, `{ image_url: { url } }`. */
function imageHint(value: unknown): string | undefined {
  let url = value;
  if (isPlainObject(value)) {
    const key = ["url", "image_url", "uri"].find((k) => Object.hasOwn(value, k));
    if (key === undefined || Object.hasOwn(value, "data")) return undefined;
    url = value[key];
    if (isPlainObject(url)) url = url.url;
  } else if (typeof value !== "string") return undefined;
  if (isDataUri(url)) return DATA_URI_HINT;
  if (typeof value !== "string") return URL_HINT; // { url: … } or { image_url: { url: … } }
  return /^\s*https?:\/\//i.test(value.slice(0, 20)) ? URL_HINT : jsonTextHint(value);
}

/**
 * Validates an `Image` value as it appears in messages: an object with a valid `data` string.
 * Returns a new `{ data }` (other keys are dropped, as AutoGen does). Failures of the `data`
 * value carry `path: ["data"]`.
 *
 * @example checkImage({ data: pngBase64, url: "x" }) // { ok: true, value: { data: pngBase64 } }
 * @example checkImage("iVBOR…").code // "image_type"
 */
export function checkImage(value: unknown): Check<{ data: string }> & { path?: (string | number)[] } {
  // A typed model: a class instance is read by its own enumerable properties (its view).
  if (!isModelObject(value)) {
    return fail("image_type", `expected an image object {"data": "<base64>"}, got ${nonPlainName(value)}`, imageHint(value));
  }
  const r = checkImageData(Object.hasOwn(value, "data") ? value.data : undefined);
  if (r.ok) return pass({ data: r.value });
  const hint = r.hint ?? imageHint(value);
  return hint === undefined ? { ...r, path: ["data"] } : { ...r, path: ["data"], hint };
}

/**
 * The format of base64 image data (one of {@link IMAGE_FORMATS}), or `null` when
 * {@link checkImageData} would reject it.
 *
 * @example imageFormat("R0lGODdh…") // "GIF"
 */
export function imageFormat(base64: string): ImageFormat | null {
  const r = identify(base64);
  return r.ok ? r.value : null;
}

/**
 * The MIME type AutoGen's `_get_mime_type_from_data_uri` gives base64 image data: JPEG, PNG,
 * GIF or WEBP by signature, `image/jpeg` for anything else. Only the first 12 bytes are decoded
 * (by Python's rules), so unlike AutoGen it does not throw on bad padding further on.
 *
 * @example imageMimeType("R0lGODlh…") // "image/gif"
 */
export function imageMimeType(base64: string): "image/png" | "image/jpeg" | "image/gif" | "image/webp" {
  // The first 16 data characters (12 bytes) with what lies among them, read by Python's rules.
  const prefix = FIRST_DATA.exec(base64)![0];
  const [chars, end] = walkBase64(prefix, 0, 0);
  const text = prefix.slice(0, end).replace(NOT_DATA_RUNS, "");
  const b = new Bytes({ text, bytes: byteCount(chars), canonical: false });
  decodeSpan(text, 0, b.length, headScratch());
  // JPEG is also the fallback, so its signature needs no test.
  if (b.startsWith(PNG_SIGNATURE)) return "image/png";
  if (b.startsWith(GIF_SIGNATURES)) return "image/gif";
  return b.startsWith(["RIFF....WEBP"]) ? "image/webp" : "image/jpeg";
}

/**
 * The same bytes as canonical base64 (one run of alphabet characters, exact padding): the text
 * itself when it already is, else re-encoded from what Python's decoder reads in it (line breaks,
 * tabs and other discarded characters gone). Provider APIs validate base64 strictly; AutoGen
 * always sends freshly encoded PNG base64.
 *
 * @throws RangeError when the base64 cannot be decoded (as {@link decodeBase64}).
 * @example canonicalBase64("aG\tk=") // "aGk="
 */
export function canonicalBase64(base64: string): string {
  const d = scanOrThrow(base64);
  if (d.canonical) return base64;
  const bytes = decodeSpan(d.text, 0, d.bytes);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += latin1(bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * A data URI for base64 image data: `data:<mime>;base64,<base64>`. AutoGen's `Image.data_uri`
 * re-encodes the image as PNG first, so its MIME type is always `image/png`; this library keeps
 * the original bytes, so the MIME type is sniffed from them ({@link imageMimeType}). The base64 is
 * canonical: the URI holds the same bytes in clean base64 (text with line breaks or other discarded
 * characters is re-encoded).
 *
 * @throws RangeError when the base64 cannot be decoded (as {@link decodeBase64}).
 * @example imageDataUri(pngBase64) // "data:image/png;base64,iVBORw0KGgo…"
 */
export function imageDataUri(base64: string): string {
  const clean = canonicalBase64(base64);
  return `data:${imageMimeType(clean)};base64,${clean}`;
}
