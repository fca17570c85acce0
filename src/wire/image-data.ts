/**
 * AutoGen `Image` payloads: `{"data": "<base64>"}`.
 *
 * AutoGen decodes the base64 with Python's lenient `base64.b64decode`, opens the bytes with
 * Pillow and re-encodes them as PNG. This library keeps the bytes exactly as received and
 * checks, without decoding pixels, that they would open: the base64 decodes by Python's
 * rules, and the bytes start with the header of an image format Pillow reads.
 * Only the first bytes are decoded; the rest of the string is scanned once, so a 20 MB image
 * costs one linear pass.
 */
import { describeValue, fail, jsonTypeName, pass, type Check } from "./check.js";
import { isPlainObject } from "./json-data.js";

/** How many decoded bytes the header checks may look at. */
const HEADER_BYTES = 64 * 1024;

const PAD = 61; // "="

/** Base64 alphabet value of each ASCII code, or -1 for characters Python's decoder skips. */
const ALPHABET = new Int8Array(128).fill(-1);
for (let i = 0; i < 64; i++) {
  ALPHABET["ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".charCodeAt(i)] = i;
}

interface Decoded {
  /** The first decoded bytes (at most `limit`). */
  readonly head: Uint8Array;
  /** The total decoded length. */
  readonly length: number;
}

/**
 * Python's non-strict `binascii.a2b_base64`: characters outside the alphabet are skipped, a
 * padding sequence ends the input, a dangling quad is an error. Returns the first `limit`
 * bytes and the total length, or the error text Python gives.
 */
function decodeLenient(s: string, limit: number): Decoded | string {
  const head = new Uint8Array(Math.min(limit, Math.ceil((s.length * 3) / 4)));
  let out = 0; // bytes produced (all of them, not only the stored ones)
  let quad = 0;
  let left = 0;
  let pads = 0;
  let dataChars = 0;
  const put = (b: number) => {
    if (out < head.length) head[out] = b;
    out++;
  };
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === PAD) {
      // A pad after two or three data characters of a quad completes it and ends the input.
      if (quad >= 2 && quad + ++pads >= 4) return { head: head.subarray(0, Math.min(out, head.length)), length: out };
      continue;
    }
    const v = c < 128 ? ALPHABET[c]! : -1;
    if (v < 0) continue;
    dataChars++;
    pads = 0;
    switch (quad) {
      case 0:
        left = v;
        quad = 1;
        break;
      case 1:
        put(((left << 2) | (v >> 4)) & 0xff);
        left = v & 0x0f;
        quad = 2;
        break;
      case 2:
        put(((left << 4) | (v >> 2)) & 0xff);
        left = v & 0x03;
        quad = 3;
        break;
      default:
        put(((left << 6) | v) & 0xff);
        quad = 0;
    }
  }
  if (quad === 1) {
    return `number of data characters (${dataChars}) cannot be 1 more than a multiple of 4`;
  }
  if (quad !== 0) return "incorrect padding";
  return { head: head.subarray(0, Math.min(out, head.length)), length: out };
}

/**
 * Decodes base64 exactly as Python's `base64.b64decode` (non-strict) does: characters outside
 * the alphabet (newlines, `-`, `_`, …) are skipped, padding ends the input, and a missing
 * padding is an error (`RangeError`).
 *
 * @example decodeBase64("aGk=\n") // Uint8Array [104, 105]
 */
export function decodeBase64(base64: string): Uint8Array {
  const r = decodeLenient(base64, Infinity);
  if (typeof r === "string") throw new RangeError(`Invalid base64: ${r}`);
  return r.head;
}

const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => sig.every((x, i) => b[at + i] === x);
const ascii = (text: string) => Array.from(text, (ch) => ch.charCodeAt(0));

const PNG_SIG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const IHDR = ascii("IHDR");
const IDAT = ascii("IDAT");
const IEND = ascii("IEND");

let crcTable: Uint32Array | undefined;

function crc32(b: Uint8Array, from: number, to: number): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = from; i < to; i++) c = crcTable[(c ^ b[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * PNG: Pillow's `PngImageFile._open` reads IHDR and the chunks up to the first IDAT, and
 * loading the pixels reads the IDAT data: a chunk cut short (`image:truncated-png`) or
 * corrupted data (`image:base64url-alphabet`, where skipped `-`/`_` shift the bytes) fails.
 * Without inflating, the chunk structure and every chunk's CRC over the decoded bytes
 * (the first 64 KB) catch both.
 */
function pngOk(b: Uint8Array, total: number): boolean {
  if (b.length < 33 || u32be(b, 8) !== 13 || !startsWith(b, IHDR, 12)) return false;
  if (u32be(b, 16) === 0 || u32be(b, 20) === 0) return false;
  const complete = b.length === total;
  let pos = 8;
  let sawData = false;
  for (;;) {
    if (pos === b.length && complete) return sawData; // no IEND: fine if there was image data
    if (pos + 8 > b.length) return !complete;
    const length = u32be(b, pos);
    const end = pos + 12 + length;
    if (end > b.length) return !complete && end <= total;
    if (crc32(b, pos + 4, end - 4) !== u32be(b, end - 4)) return false;
    if (startsWith(b, IDAT, pos + 4)) sawData = true;
    if (startsWith(b, IEND, pos + 4)) return sawData;
    pos = end;
  }
}

/** JPEG: SOI, then marker segments until a start-of-frame (what Pillow's `_open` needs for the size). */
function jpegOk(b: Uint8Array, total: number): boolean {
  let pos = 2;
  for (;;) {
    while (pos < b.length && b[pos] === 0xff && b[pos + 1] === 0xff) pos++; // fill bytes
    if (pos + 4 > b.length) return b.length < total;
    if (b[pos] !== 0xff) return false;
    const marker = b[pos + 1]!;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return pos + 9 <= b.length || b.length < total;
    }
    if (marker === 0xd9 || marker === 0xda) return false; // end of image / scan before any frame header
    pos += 2 + ((b[pos + 2]! << 8) | b[pos + 3]!);
  }
}

const BMP_HEADER_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

/** The formats checked, with the header test each must pass. Order: AutoGen's MIME sniffing first. */
const FORMATS: readonly { name: string; test: (b: Uint8Array, total: number) => boolean }[] = [
  { name: "PNG", test: (b, t) => startsWith(b, PNG_SIG) && pngOk(b, t) },
  { name: "JPEG", test: (b, t) => startsWith(b, [0xff, 0xd8, 0xff]) && jpegOk(b, t) },
  // GIF: signature + logical screen descriptor.
  { name: "GIF", test: (b) => (startsWith(b, ascii("GIF87a")) || startsWith(b, ascii("GIF89a"))) && b.length >= 13 },
  // WEBP: RIFF container with a VP8 / VP8L / VP8X first chunk.
  {
    name: "WEBP",
    test: (b) =>
      startsWith(b, ascii("RIFF")) &&
      startsWith(b, ascii("WEBP"), 8) &&
      (startsWith(b, ascii("VP8 "), 12) || startsWith(b, ascii("VP8L"), 12) || startsWith(b, ascii("VP8X"), 12)) &&
      b.length >= 30,
  },
  // BMP: file header + a known DIB header size.
  { name: "BMP", test: (b) => startsWith(b, ascii("BM")) && b.length >= 26 && BMP_HEADER_SIZES.has(u16le(b, 14)) },
  // TIFF: byte order mark + magic 42 + first IFD offset.
  { name: "TIFF", test: (b) => (startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a])) && b.length >= 8 },
  // ICO: reserved 0, type 1, at least one directory entry.
  { name: "ICO", test: (b) => startsWith(b, [0, 0, 1, 0]) && u16le(b, 4) > 0 && b.length >= 22 },
  // PBM/PGM/PPM: "P1".."P6" followed by white space.
  { name: "PNM", test: (b) => b[0] === 0x50 && b[1]! >= 0x31 && b[1]! <= 0x36 && [0x20, 0x09, 0x0a, 0x0d].includes(b[2]!) },
];

/** The image formats whose headers the library recognises. */
export const IMAGE_FORMATS: readonly string[] = FORMATS.map((f) => f.name);

function detect(head: Uint8Array, total: number): string | null {
  for (const f of FORMATS) if (f.test(head, total)) return f.name;
  return null;
}

/**
 * The image format of base64 data (`"PNG"`, `"JPEG"`, `"GIF"`, `"WEBP"`, `"BMP"`, `"TIFF"`,
 * `"ICO"`, `"PNM"`), or `null` when the data is not such an image or not valid base64.
 *
 * @example imageFormat("R0lGODlhAQABAAAAACw=") // null (too short for a GIF header)
 */
export function imageFormat(base64: string): string | null {
  const r = decodeLenient(base64, HEADER_BYTES);
  return typeof r === "string" ? null : detect(r.head, r.length);
}

/**
 * Validates the `data` of an image: a string of base64 (decoded by Python's lenient rules)
 * whose bytes are an image format AutoGen can open. Returns the string unchanged.
 * Failure codes: `image_type`, `image_base64`, `image_format`.
 *
 * @example checkImageData("iVBORw0KGgo…").ok // true for a PNG
 */
export function checkImageData(data: unknown): Check<string> {
  if (typeof data !== "string") return fail("image_type", `expected base64 image data (string), got ${describeValue(data)}`);
  const r = decodeLenient(data, HEADER_BYTES);
  if (typeof r === "string") return fail("image_base64", `invalid base64: ${r}`);
  if (detect(r.head, r.length) === null) {
    return fail("image_format", `not an image AutoGen can read (expected ${IMAGE_FORMATS.join(", ")})`);
  }
  return pass(data);
}

/**
 * Validates an `Image` value as it appears in messages: an object with a valid `data` string.
 * Returns a new `{ data }` (other keys are dropped, as AutoGen does).
 *
 * @example checkImage({ data: pngBase64, url: "x" }) // { ok: true, value: { data: pngBase64 } }
 */
export function checkImage(value: unknown): Check<{ data: string }> & { path?: (string | number)[] } {
  if (!isPlainObject(value)) {
    return fail("image_type", `expected an image object {"data": "<base64>"}, got ${jsonTypeName(value)}`);
  }
  const data = value.data;
  if (data === undefined) return { ...fail("missing", "Field required"), path: ["data"] };
  const r = checkImageData(data);
  return r.ok ? pass({ data: r.value }) : { ...r, path: ["data"] };
}

/**
 * The MIME type of base64 image data, sniffed from its first bytes exactly as AutoGen's
 * `_convert_base64_to_data_uri` does (PNG, JPEG, GIF, WEBP; anything else is `image/jpeg`).
 *
 * @example imageMimeType("R0lGODlh…") // "image/gif"
 */
export function imageMimeType(base64: string): "image/png" | "image/jpeg" | "image/gif" | "image/webp" {
  const r = decodeLenient(base64, 16);
  const b = typeof r === "string" ? new Uint8Array(0) : r.head;
  if (startsWith(b, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(b, PNG_SIG)) return "image/png";
  if (startsWith(b, ascii("GIF87a")) || startsWith(b, ascii("GIF89a"))) return "image/gif";
  if (startsWith(b, ascii("RIFF")) && startsWith(b, ascii("WEBP"), 8)) return "image/webp";
  return "image/jpeg";
}

/**
 * A data URI for base64 image data: `data:<mime>;base64,<data>`. AutoGen's `Image.data_uri`
 * re-encodes to PNG first (so its MIME type is always PNG); this library keeps the bytes and
 * names their real type.
 *
 * @example imageDataUri(pngBase64) // "data:image/png;base64,iVBORw0KGgo…"
 */
export function imageDataUri(base64: string): string {
  return `data:${imageMimeType(base64)};base64,${base64}`;
}
