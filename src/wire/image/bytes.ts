/**
 * The decoded bytes of base64 image data as the format checks read them: Python's base64
 * alphabet, the decoded head of the text last scanned, on-demand decoding of the rest, and the
 * size limits every format shares.
 */

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Whether typed arrays read this machine's memory little-endian (the base64 pair table's index, the CRC's words). */
export const LITTLE_ENDIAN = /* @__PURE__ */ (() => new Uint8Array(new Uint16Array([1]).buffer)[0] === 1)();

/** 6-bit value of each UTF-16 code unit, or -1 for those Python's decoder skips (or rejects). */
export const SEXTET = new Int8Array(65536).fill(-1);
for (let i = 0; i < 64; i++) SEXTET[ALPHABET.charCodeAt(i)] = i;

/** Bytes decoded eagerly: a small image whole, a big one's headers (whole quads: a multiple of 3). */
export const HEAD_BYTES = 3 * 21_845;

/**
 * The buffer heads are decoded into. Allocating a typed array costs more than decoding a small
 * image, and checks are synchronous and never hand the head out, so one buffer serves them all.
 */
let scratch: Uint8Array | undefined;

/** The buffer the first {@link HEAD_BYTES} decoded bytes of the text last scanned are in. */
export function headScratch(): Uint8Array {
  return (scratch ??= new Uint8Array(HEAD_BYTES));
}

/** Base64 text reduced to what Python decodes: `text` starts with all of its data characters. */
export interface Base64Data {
  readonly text: string;
  /** Decoded length in bytes. */
  readonly bytes: number;
  /** The input is already canonical base64 (one run of data characters, then exact padding). */
  readonly canonical: boolean;
}

/**
 * Decodes bytes `[from, to)` of compacted base64 data (`to` at most its byte count) into `out`
 * at the same offsets, or into a new array. Byte j of a quad is made of its characters j and
 * j + 1, so any span decodes directly and never reads past the data characters.
 */
export function decodeSpan(text: string, from: number, to: number, out?: Uint8Array): Uint8Array {
  const bytes = out ?? new Uint8Array(Math.max(0, to - from));
  const at = out ? 0 : from;
  for (let k = from; k < to; k++) {
    const j = k % 3;
    const c = ((k - j) / 3) * 4 + j;
    bytes[k - at] = (SEXTET[text.charCodeAt(c)]! << (2 * j + 2)) | (SEXTET[text.charCodeAt(c + 1)]! >> (4 - 2 * j));
  }
  return bytes;
}

/** Bytes as a string of the same char codes (signatures and chunk names compare as text). */
export function latin1(bytes: Uint8Array): string {
  return String.fromCharCode(...bytes);
}

/**
 * Random access to the decoded bytes of base64 data just scanned, from `base` on. Bytes in the
 * first {@link HEAD_BYTES} come from the scan's decoded head; anything further is decoded when
 * asked for. Reads past the end return -1 / fewer bytes, so header walks see truncation as
 * Pillow does.
 */
export class Bytes {
  readonly length: number;
  /** The scan's decoded head (held here: the shared buffer is read for every byte). */
  private readonly head = headScratch();

  constructor(
    private readonly data: Base64Data,
    private readonly base = 0,
  ) {
    this.length = Math.max(0, data.bytes - base);
  }

  /** The same bytes seen from `offset` on (an image embedded in a container). */
  from(offset: number): Bytes {
    return new Bytes(this.data, this.base + offset);
  }

  read(at: number, n: number): Uint8Array {
    const from = this.base + at;
    const to = this.base + Math.min(at + n, this.length);
    return to <= HEAD_BYTES ? this.head.subarray(from, to) : decodeSpan(this.data.text, from, to);
  }

  u8(at: number): number {
    if (at < 0 || at >= this.length) return -1;
    const i = this.base + at;
    return i < HEAD_BYTES ? this.head[i]! : this.read(at, 1)[0]!;
  }

  /** The unsigned integer of `size` bytes at `at` (little-endian unless `bigEndian`), -1 past the end. */
  uint(at: number, size: number, bigEndian = false): number {
    if (at + size > this.length) return -1;
    let v = 0;
    for (let i = 0; i < size; i++) v = v * 256 + this.u8(bigEndian ? at + i : at + size - 1 - i);
    return v;
  }

  /** The four bytes at `at` as text (a chunk name), each past the end as U+FFFF (no byte's code). */
  fourcc(at: number): string {
    return String.fromCharCode(this.u8(at), this.u8(at + 1), this.u8(at + 2), this.u8(at + 3));
  }

  /** Whether the bytes start with one of `signatures` (byte values as text, `.` for any byte). */
  startsWith(signatures: readonly string[]): boolean {
    return signatures.some((sig) => {
      for (let i = 0; i < sig.length; i++) if (sig[i] !== "." && sig.charCodeAt(i) !== this.u8(i)) return false;
      return true;
    });
  }
}

/** Pillow's `Image.MAX_IMAGE_PIXELS`; twice that raises `DecompressionBombError`. */
export const MAX_IMAGE_PIXELS = 89_478_485;

/** Size checks shared by every format: Pillow cannot load an empty tile or a decompression bomb. */
export function checkSize(width: number, height: number): string | null {
  if (width <= 0 || height <= 0) return `its size is ${width}×${height}`;
  if (width * height > 2 * MAX_IMAGE_PIXELS) return `${width}×${height} pixels exceeds Pillow's decompression-bomb limit`;
  return null;
}

/**
 * A failure Pillow reports as a `ValueError` (a chunk shorter than its handler needs). AutoGen's
 * `Image` validator lets a ValueError become a validation error; where `MemoryContent.content` is
 * tried as an image, it leaves the object a plain dict instead of crashing.
 */
export class PillowValueError {
  constructor(readonly reason: string) {}
}

/** What a format check finds wrong: a reason (Pillow raises OSError, SyntaxError, …), or a {@link PillowValueError}. */
export type ImageProblem = string | PillowValueError;
