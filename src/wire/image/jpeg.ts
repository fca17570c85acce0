/**
 * JPEG as Pillow 9.4 opens and converts it: `JpegImageFile._open` walks the markers up to the
 * start of scan (skipping junk, `FF` fill and `FF00`, refusing unknown markers), then libjpeg-turbo
 * 2.1 (the decoder Pillow's wheels bundle) reads the datastream again with its own marker reader
 * (`jdmarker.c`) and checks, scan by scan, what `jdinput.c`, `jdhuff.c` and `jdphuff.c` check
 * before decoding: frame and scan headers, that every quantization and Huffman table a scan uses
 * is defined (sequential decoders fall back to the standard Huffman tables 0 and 1, progressive
 * ones do not), and the progression parameters. The entropy-coded data itself is not decoded.
 *
 * A multi-scan image (progressive, or whose first scan leaves components out) is read whole by
 * `jpeg_start_decompress`, so every marker up to the end-of-image marker is checked. A single-scan
 * image is decoded row by row: its scan data cannot contain `FF D9`, so an end-of-image marker
 * after the scan header is what tells a complete JPEG from a cut one; it is searched for from the
 * end, so a big photo costs only its headers.
 *
 * The same reader checks the JPEG data of a JPEG-compressed TIFF, where libtiff hands libjpeg the
 * `JPEGTables` datastream first and then each strip (see ./tiff.ts).
 */
import { checkSize, type Bytes } from "./bytes.js";

/** A component of the frame header. */
interface Component {
  readonly id: number;
  readonly h: number;
  readonly v: number;
  readonly quant: number;
}

/** The frame header (SOF) of a datastream. */
export interface JpegFrame {
  readonly precision: number;
  readonly width: number;
  readonly height: number;
  readonly components: readonly Component[];
}

/** SOF markers libjpeg-turbo decodes: baseline, extended and progressive, Huffman or arithmetic. */
const DECODABLE_SOF = [0xc0, 0xc1, 0xc2, 0xc9, 0xca];
/** The other SOF markers (lossless, hierarchical) and JPG, which libjpeg refuses. */
const UNSUPPORTED_SOF = [0xc3, 0xc5, 0xc6, 0xc7, 0xc8, 0xcb, 0xcd, 0xce, 0xcf];

/** Thrown by the reader with the reason; caught by {@link jpegReader}'s function. */
class Refused {
  constructor(readonly reason: string) {}
}

function refuse(reason: string): never {
  throw new Refused(reason);
}

/** A stand-in for libjpeg's standard Huffman tables (always valid). */
const STANDARD = /* @__PURE__ */ new Uint8Array(17);

/**
 * libjpeg's decompressor over `b`: a function reading one datastream `b[start, end)`, keeping the
 * tables from one datastream to the next (a TIFF's JPEGTables, then its strips) as libjpeg does.
 * `pillow`: a JPEG file Pillow opened itself (its `_open` rules apply before the first scan, and
 * the end-of-image marker must be there); otherwise a TIFF strip, which libtiff ends with a fake
 * end-of-image marker when its bytes run out. `tablesOnly`: a JPEGTables datastream, which must
 * hold no image. The function returns the frame (null for tables), or the reason it is refused.
 *
 * @example jpegReader(bytes)(0, bytes.length, true) // { precision: 8, width: 5, height: 4, components: […] }
 */
export function jpegReader(b: Bytes): (start: number, end: number, pillow: boolean, tablesOnly?: boolean) => JpegFrame | null | string {
  const quant = [false, false, false, false];
  const dc: (Uint8Array | null)[] = [null, null, null, null];
  const ac: (Uint8Array | null)[] = [null, null, null, null];

  /** get_dqt: tables of 64 one- or two-byte entries, index < 4, filling the segment exactly. */
  const dqt = (at: number, left: number, pillow: boolean): void => {
    while (left > 0) {
      const n = b.u8(at);
      const size = n >> 4 ? 129 : 65;
      if (pillow && left < size) refuse("it has a bad quantization table"); // Pillow's DQT
      if ((n & 15) > 3) refuse(`it defines quantization table ${n & 15}`);
      quant[n & 15] = true;
      left -= size;
      at += size;
    }
    if (left) refuse("its quantization table segment has a bad length");
  };

  /** get_dht: class/index, 16 counts, the symbols; the counts must fit the segment. */
  const dht = (at: number, left: number): void => {
    while (left > 16) {
      const index = b.u8(at);
      const table = new Uint8Array(17 + 256);
      table.set(b.read(at + 1, 16), 1);
      const count = table.reduce((sum, c) => sum + c, 0);
      left -= 17 + count;
      if (count > 256 || left < 0) refuse("it has a bad Huffman table");
      table.set(b.read(at + 17, count), 17);
      at += 17 + count;
      const slot = index & ~0x10;
      if (slot > 3) refuse(`it defines Huffman table ${index}`);
      (index & 0x10 ? ac : dc)[slot] = table.subarray(0, 17 + count);
    }
    if (left) refuse("its Huffman table segment has a bad length");
  };

  /**
   * get_sos and what start_input_pass then checks for the scan. Returns whether the image has
   * several scans (decided at its first scan, as `jdinput.c` does).
   */
  const scan = (frame: JpegFrame & { progressive: boolean; arithmetic: boolean }, at: number, length: number, first: boolean): boolean => {
    const n = b.u8(at);
    if (length !== n * 2 + 6 || n < 1 || n > 4) refuse("its scan header has a bad length");
    const comps: [Component, number][] = [];
    for (let k = 0; k < n; k++) {
      const id = b.u8(at + 1 + 2 * k);
      // libjpeg-turbo's lookup, quirk included: only the first four components are searched, and
      // component ci is skipped when the scan's entry ci (by scan position) is already filled.
      let c: Component | undefined;
      for (let ci = 0; ci < Math.min(frame.components.length, 4) && !c; ci++) {
        if (frame.components[ci]!.id === id && !comps[ci]) c = frame.components[ci];
      }
      if (!c || comps.some(([x]) => x === c)) refuse(`its scan names component ${id}, which the frame does not have (or twice)`);
      comps.push([c, b.u8(at + 2 + 2 * k)]);
    }
    const p = at + 1 + 2 * n;
    const [ss, se, ah, al] = [b.u8(p), b.u8(p + 1), b.u8(p + 2) >> 4, b.u8(p + 2) & 15];
    // per_scan_setup: an interleaved scan's MCU holds at most 10 blocks.
    if (n > 1 && comps.reduce((sum, [c]) => sum + c.h * c.v, 0) > 10) refuse("its scan's MCU is too large");
    // latch_quant_tables: every component's quantization table is defined by its first scan.
    for (const [c] of comps) if (!quant[c.quant]) refuse(`quantization table ${c.quant} is not defined`);
    if (!frame.arithmetic) {
      // The sequential Huffman decoder installs the standard tables 0 and 1 where none was given.
      if (!frame.progressive && first) for (const slots of [dc, ac]) for (const i of [0, 1]) slots[i] ??= STANDARD;
      const dcBand = ss === 0;
      if (frame.progressive && ((dcBand ? se : ss > se || se > 63 || n !== 1) || (ah && al !== ah - 1) || al > 13)) {
        refuse("its progression parameters are invalid");
      }
      for (const [, tables] of comps) {
        if (!frame.progressive || (dcBand && !ah)) derivedTable(dc, tables >> 4, true);
        if (!frame.progressive || !dcBand) derivedTable(ac, tables & 15, false);
      }
    }
    return !first || frame.progressive || n < frame.components.length;
  };

  const walk = (start: number, end: number, pillow: boolean, tablesOnly: boolean): JpegFrame | null => {
    const byte = (at: number): number => (at < end ? b.u8(at) : -1);
    // libjpeg's first_marker: the datastream starts with SOI, no junk before it.
    if (byte(start) !== 0xff || byte(start + 1) !== 0xd8) refuse("it does not start with a start-of-image marker");
    let pos = start + 2;
    let frame: (JpegFrame & { progressive: boolean; arithmetic: boolean }) | null = null;
    let scans = 0;
    for (;;) {
      // next_marker: skip non-FF bytes, then FF fill; FF 00 is stuffed data, skipped too.
      let m = -1;
      while (pos < end && m < 0) {
        if (byte(pos++) !== 0xff) continue;
        while (byte(pos) === 0xff) pos++;
        m = byte(pos++) || -1;
      }
      const header = pillow && !scans; // Pillow's _open reads up to the first scan
      if (m < 0) {
        if (tablesOnly || (!pillow && scans)) return frame; // libtiff's fake end-of-image marker
        refuse(scans ? "it is cut short (no end-of-image marker after the scans)" : "it ends before the start of scan");
      }
      if (m === 0xd9) {
        if (!scans && !tablesOnly) refuse("it has no image (an end-of-image marker before the scan)");
        return frame;
      }
      if (m === 0xd8) refuse("it has a second start-of-image marker");
      if ((m >= 0xd0 && m <= 0xd7) || (m === 0x01 && !header)) continue; // RSTn and TEM have no segment
      if (m < 0xc0 || m === 0xde || m === 0xdf || (m >= 0xf0 && m <= 0xfd)) refuse(`it has an unknown marker FF${m.toString(16).toUpperCase()}`);
      // A segment: its length, then length - 2 bytes, all of which must be there.
      const length = b.uint(pos, 2, true);
      const at = pos + 2;
      pos += Math.max(2, length);
      if (at > end || pos > end) refuse("a segment is cut short");
      if (m === 0xda) {
        if (tablesOnly) refuse("its tables hold an image");
        if (!frame) refuse("it has no frame header before the scan");
        if (!scan(frame, at, length, !scans++)) {
          return pillow && !hasEndOfImage(b, pos, end) ? refuse("it is cut short (no end-of-image marker after the scan)") : frame;
        }
        pos = nextMarker(b, pos, end);
      } else if (DECODABLE_SOF.includes(m) || UNSUPPORTED_SOF.includes(m)) {
        // Pillow's SOF handler: 8-bit samples and 1, 3 or 4 components (what its modes hold).
        if (header && (length < 8 || b.u8(at) !== 8 || ![1, 3, 4].includes(b.u8(at + 5)))) refuse(`it has ${b.u8(at)}-bit samples or ${b.u8(at + 5)} components`);
        if (UNSUPPORTED_SOF.includes(m)) refuse("it uses a JPEG process libjpeg does not decode (lossless or hierarchical)");
        if (frame) refuse("it has two frame headers");
        frame = { ...readSof(b, at, length), progressive: m === 0xc2 || m === 0xca, arithmetic: m > 0xc8 };
      } else if (m === 0xc4) dht(at, length - 2);
      else if (m === 0xdb) dqt(at, length - 2, header);
      else if (m === 0xcc) dac(b, at, length - 2);
      else if (m === 0xdd && length !== 4) refuse("its restart interval segment has a bad length");
      else if (header && (m === 0xe0 || m === 0xee) && length < 9) {
        // Pillow's APP handler reads the version of a JFIF or Adobe segment.
        const id = String.fromCharCode(...b.read(at, Math.max(0, Math.min(5, length - 2))));
        if (id.startsWith(m === 0xe0 ? "JFIF" : "Adobe")) refuse("its JFIF or Adobe segment is cut short");
      }
      // Other APPn, COM and DNL segments are skipped.
    }
  };

  return (start, end, pillow, tablesOnly = false) => {
    try {
      return walk(start, end, pillow, tablesOnly);
    } catch (e) {
      if (e instanceof Refused) return e.reason;
      throw e;
    }
  };
}

/** jpeg_make_d_derived_tbl: the table exists, its code lengths form a valid code, DC symbols are <= 15. */
function derivedTable(slots: (Uint8Array | null)[], index: number, dc: boolean): void {
  const t = slots[index];
  if (!t) refuse(`Huffman table ${index} is not defined`);
  let code = 0;
  for (let length = 1; length <= 16; length++) {
    code += t[length]!;
    // Codes of this length are numbered on from the shorter ones; none may be all ones.
    if (t[length] && code >= 2 ** length) refuse("it has a bad Huffman table");
    code *= 2;
  }
  if (dc && t.subarray(17).some((symbol) => symbol > 15)) refuse("it has a bad Huffman table");
}

/** get_sof and initial_setup: size, precision, components and their sampling factors. */
function readSof(b: Bytes, at: number, length: number): JpegFrame {
  const precision = b.u8(at);
  const [height, width, n] = [b.uint(at + 1, 2, true), b.uint(at + 3, 2, true), b.u8(at + 5)];
  if (length !== 8 + 3 * n) refuse("its frame header has a bad length");
  const components = Array.from({ length: n }, (_, k) => {
    const [id, sampling, quant] = [b.u8(at + 6 + 3 * k), b.u8(at + 7 + 3 * k), b.u8(at + 8 + 3 * k)];
    return { id, h: sampling >> 4, v: sampling & 15, quant };
  });
  if (precision !== 8 || n > 10 || height > 65500 || width > 65500) refuse(`its frame (${precision}-bit, ${n} components, ${width}×${height}) is not one libjpeg decodes`);
  if (components.some((c) => c.h < 1 || c.h > 4 || c.v < 1 || c.v > 4)) refuse("its sampling factors are invalid");
  const size = checkSize(width, height);
  if (size) refuse(size);
  return { precision, width, height, components };
}

/** get_dac: index < 8; a DC conditioning's lower bound no more than its upper one. */
function dac(b: Bytes, at: number, left: number): void {
  for (; left > 0; at += 2, left -= 2) {
    const [index, value] = [b.u8(at), b.u8(at + 1)];
    if (index > 7 || (index < 4 && (value & 15) > value >> 4)) refuse("its arithmetic conditioning is invalid");
  }
  if (left) refuse("its arithmetic conditioning segment has a bad length");
}

/**
 * Where the entropy-coded data from `from` ends: the first marker other than a restart marker
 * (`FF` followed by a byte other than `00`, `FF` and `D0`–`D7`), or `end`. Blocks are searched
 * for `FF` natively.
 */
function nextMarker(b: Bytes, from: number, end: number): number {
  const block = 48 * 1024;
  for (let start = from; start < end; start += block) {
    const bytes = b.read(start, Math.min(block + 1, end - start)); // one byte of overlap
    for (let i = bytes.indexOf(0xff); i >= 0 && i < bytes.length - 1; i = bytes.indexOf(0xff, i + 1)) {
      const next = bytes[i + 1]!;
      if (next && next !== 0xff && (next < 0xd0 || next > 0xd7)) return start + i;
    }
  }
  return end;
}

/** Whether `FF D9` occurs in `[from, end)`, looking backward from the end in blocks. */
function hasEndOfImage(b: Bytes, from: number, end: number): boolean {
  for (let stop = end; stop - from >= 2; stop -= 4096) {
    const start = Math.max(from, stop - 4097); // one byte of overlap: a marker may straddle blocks
    const bytes = b.read(start, stop - start);
    for (let i = bytes.length - 2; i >= 0; i--) if (bytes[i] === 0xff && bytes[i + 1] === 0xd9) return true;
  }
  return false;
}

/**
 * JPEG: null when Pillow opens it and libjpeg reads its headers and tables, else why not.
 *
 * @example checkJpeg(bytes) // "quantization table 0 is not defined"
 */
export function checkJpeg(b: Bytes): string | null {
  const r = jpegReader(b)(0, b.length, true);
  return typeof r === "string" ? r : null;
}
