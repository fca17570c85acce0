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
  readonly progressive: boolean;
  readonly arithmetic: boolean;
  readonly precision: number;
  readonly width: number;
  readonly height: number;
  readonly components: readonly Component[];
}

/** SOF markers libjpeg-turbo decodes: baseline, extended and progressive, Huffman or arithmetic. */
const DECODABLE_SOF = new Set([0xc0, 0xc1, 0xc2, 0xc9, 0xca]);
/** The other SOF markers (lossless, hierarchical) and JPG, which libjpeg refuses. */
const UNSUPPORTED_SOF = new Set([0xc3, 0xc5, 0xc6, 0xc7, 0xc8, 0xcb, 0xcd, 0xce, 0xcf]);

/** Thrown by the reader with the reason; caught by its callers. */
class Refused {
  constructor(readonly reason: string) {}
}

function refuse(reason: string): never {
  throw new Refused(reason);
}

/**
 * libjpeg's decompressor state across datastreams: the tables survive from one to the next (a
 * TIFF's JPEGTables, then its strips), the frame does not.
 */
export class JpegReader {
  /** Defined table slots (libjpeg has four of each). */
  private readonly quant = [false, false, false, false];
  private readonly dc: (Uint8Array | null)[] = [null, null, null, null];
  private readonly ac: (Uint8Array | null)[] = [null, null, null, null];

  constructor(private readonly b: Bytes) {}

  /**
   * Reads the datastream at `b[start, end)`. `pillow`: the file is a JPEG Pillow opened itself
   * (its `_open` rules apply before the first scan, and the end-of-image marker must be there);
   * otherwise a TIFF strip, which libtiff ends with a fake end-of-image marker when its bytes run
   * out. `tablesOnly`: a JPEGTables datastream, which must hold no image. Returns the frame, or
   * the reason libjpeg (or Pillow) refuses.
   */
  read(start: number, end: number, options: { pillow: boolean; tablesOnly?: boolean }): JpegFrame | null | string {
    try {
      return this.walk(start, end, options.pillow, options.tablesOnly ?? false);
    } catch (e) {
      if (e instanceof Refused) return e.reason;
      throw e;
    }
  }

  private walk(start: number, end: number, pillow: boolean, tablesOnly: boolean): JpegFrame | null {
    const b = this.b;
    const byte = (at: number): number => (at < end ? b.u8(at) : -1);
    // libjpeg's first_marker: the datastream starts with SOI, no junk before it.
    if (byte(start) !== 0xff || byte(start + 1) !== 0xd8) refuse("it does not start with a JPEG start-of-image marker");
    let pos = start + 2;
    let frame: JpegFrame | null = null;
    let scans = 0;
    let stdTables = false;
    for (;;) {
      // next_marker: skip non-FF bytes, then FF fill; FF 00 is stuffed data, skipped too.
      let m = -1;
      while (pos < end) {
        if (byte(pos++) !== 0xff) continue;
        while (byte(pos) === 0xff) pos++;
        m = byte(pos++);
        if (m > 0) break;
        m = -1;
      }
      if (m < 0) {
        // The data ended before an end-of-image marker.
        if (tablesOnly || (!pillow && scans > 0)) return frame; // libtiff's fake EOI
        refuse(scans === 0 ? "it ends before the start of scan" : "it is cut short (no end-of-image marker after the scans)");
      }
      if (scans === 0 && pillow && m < 0xc0) refuse(`it has an unknown marker FF${m.toString(16).toUpperCase().padStart(2, "0")}`);
      if (m === 0xd9) {
        if (scans === 0 && !tablesOnly) refuse("it has no image (an end-of-image marker before the scan)");
        return frame;
      }
      if (m === 0xd8) refuse("it has a second start-of-image marker");
      if ((m >= 0xd0 && m <= 0xd7) || m === 0x01) continue; // RSTn and TEM have no segment
      if (m === 0xc8 && pillow && scans === 0) refuse("it uses the reserved JPG marker");
      if (m < 0xc0 || m === 0xde || m === 0xdf || (m >= 0xf0 && m <= 0xfd)) refuse(`it has a marker libjpeg does not accept (FF${m.toString(16).toUpperCase()})`);
      // A segment: its length, then length - 2 bytes, all of which must be there.
      const length = b.uint(pos, 2, true);
      if (length < 0 || pos + 2 > end) refuse("it ends inside a segment header");
      const segEnd = pos + Math.max(2, length);
      if (segEnd > end) refuse("a segment is cut short");
      const at = pos + 2;
      pos = segEnd;
      if (m === 0xda) {
        if (tablesOnly) refuse("its tables datastream holds an image");
        if (!frame) refuse("it has no frame header before the scan");
        const multiScan = this.scan(frame, at, length, scans, stdTables);
        stdTables = true;
        scans++;
        if (!multiScan) return pillow && !hasEndOfImage(b, pos, end) ? refuse("it is cut short (no end-of-image marker after the scan)") : frame;
        pos = nextMarker(b, pos, end);
        continue;
      }
      if (DECODABLE_SOF.has(m) || UNSUPPORTED_SOF.has(m)) {
        if (pillow && scans === 0) pillowSof(b, at, length - 2);
        if (UNSUPPORTED_SOF.has(m)) refuse("it uses a JPEG process libjpeg does not decode (lossless or hierarchical)");
        if (frame) refuse("it has two frame headers");
        frame = readSof(b, at, length, m);
        continue;
      }
      if (m === 0xc4) this.dht(at, length);
      else if (m === 0xdb) this.dqt(at, length, pillow && scans === 0);
      else if (m === 0xcc) dac(b, at, length);
      else if (m === 0xdd && length !== 4) refuse("its restart interval segment has a bad length");
      else if (pillow && scans === 0 && (m === 0xe0 || m === 0xee)) pillowApp(b, m, at, length - 2);
      // Other APPn, COM and DNL segments are skipped.
    }
  }

  /** get_dqt: tables of 64 one- or two-byte entries, index < 4, filling the segment exactly. */
  private dqt(at: number, length: number, pillow: boolean): void {
    const b = this.b;
    let left = length - 2;
    let i = at;
    while (left > 0) {
      const n = b.u8(i);
      const size = 1 + (n >> 4 ? 128 : 64);
      if (pillow && left < size) refuse("it has a bad quantization table"); // Pillow's DQT
      if ((n & 15) >= 4) refuse(`it defines quantization table ${n & 15}`);
      this.quant[n & 15] = true;
      left -= size;
      i += size;
    }
    if (left !== 0) refuse("its quantization table segment has a bad length");
  }

  /** get_dht: class/index, 16 counts, the symbols; the counts must fit the segment. */
  private dht(at: number, length: number): void {
    const b = this.b;
    let left = length - 2;
    let i = at;
    while (left > 16) {
      const index = b.u8(i);
      const counts = b.read(i + 1, 16);
      let count = 0;
      for (const c of counts) count += c;
      left -= 17;
      if (count > 256 || count > left) refuse("it has a bad Huffman table");
      const table = new Uint8Array(17 + count);
      table.set(counts, 1);
      table.set(b.read(i + 17, count), 17);
      left -= count;
      i += 17 + count;
      const slot = index & 0x10 ? index - 0x10 : index;
      if (slot < 0 || slot >= 4) refuse(`it defines Huffman table ${index}`);
      (index & 0x10 ? this.ac : this.dc)[slot] = table;
    }
    if (left !== 0) refuse("its Huffman table segment has a bad length");
  }

  /**
   * get_sos and what start_input_pass then checks for the scan. Returns whether the image has
   * several scans (decided at the first one, as `jdinput.c` does).
   */
  private scan(frame: JpegFrame, at: number, length: number, index: number, stdTablesSet: boolean): boolean {
    const b = this.b;
    const n = b.u8(at);
    if (length !== n * 2 + 6 || n < 1 || n > 4) refuse("its scan header has a bad length");
    const comps: { c: Component; dc: number; ac: number }[] = [];
    for (let k = 0; k < n; k++) {
      const id = b.u8(at + 1 + 2 * k);
      const tables = b.u8(at + 2 + 2 * k);
      // libjpeg-turbo's lookup, quirk included: only the first four components are searched, and
      // component ci is skipped when the scan's entry ci (by scan position) is already filled.
      let c: Component | undefined;
      for (let ci = 0; ci < Math.min(frame.components.length, 4) && !c; ci++) {
        if (frame.components[ci]!.id === id && comps[ci] === undefined) c = frame.components[ci];
      }
      if (!c || comps.some((s) => s.c === c)) refuse(`its scan names component ${id}, which the frame does not have (or twice)`);
      comps.push({ c, dc: tables >> 4, ac: tables & 15 });
    }
    const p = at + 1 + 2 * n;
    const [ss, se, ah, al] = [b.u8(p), b.u8(p + 1), b.u8(p + 2) >> 4, b.u8(p + 2) & 15];
    // per_scan_setup: an interleaved scan's MCU holds at most 10 blocks.
    if (n > 1 && comps.reduce((sum, s) => sum + s.c.h * s.c.v, 0) > 10) refuse("its scan's MCU is too large");
    // latch_quant_tables: every component's quantization table is defined by its first scan.
    for (const s of comps) if (s.c.quant >= 4 || !this.quant[s.c.quant]) refuse(`quantization table ${s.c.quant} is not defined`);
    if (!frame.arithmetic) {
      // The sequential Huffman decoder installs the standard tables 0 and 1 where none was given.
      if (!frame.progressive && !stdTablesSet) {
        for (const slots of [this.dc, this.ac]) for (const i of [0, 1]) slots[i] ??= STANDARD;
      }
      if (frame.progressive) {
        const dcBand = ss === 0;
        const bad = (dcBand ? se !== 0 : ss > se || se >= 64 || n !== 1) || (ah !== 0 && al !== ah - 1) || al > 13;
        if (bad) refuse("its progression parameters are invalid");
        for (const s of comps) {
          if (dcBand) {
            if (ah === 0) derivedTable(this.dc, s.dc, true);
          } else derivedTable(this.ac, s.ac, false);
        }
      } else {
        for (const s of comps) {
          derivedTable(this.dc, s.dc, true);
          derivedTable(this.ac, s.ac, false);
        }
      }
    }
    return index > 0 || frame.progressive || n < frame.components.length;
  }
}

/** A stand-in for libjpeg's standard Huffman tables (always valid). */
const STANDARD = new Uint8Array(17);

/** jpeg_make_d_derived_tbl: the table exists, its code lengths form a valid code, DC symbols are <= 15. */
function derivedTable(slots: (Uint8Array | null)[], index: number, isDc: boolean): void {
  const t = index < 4 ? slots[index] : null;
  if (!t) refuse(`Huffman table ${index} is not defined`);
  if (t === STANDARD) return;
  let code = 0;
  for (let length = 1; length <= 16; length++) {
    code += t[length]!;
    // Codes of this length are numbered on from the shorter ones; none may be all ones.
    if (t[length]! > 0 && code >= 2 ** length) refuse("it has a bad Huffman table");
    code *= 2;
  }
  if (isDc && t.subarray(17).some((symbol) => symbol > 15)) refuse("it has a bad Huffman table");
}

/** Pillow's SOF handler: 8-bit samples and 1, 3 or 4 components (what its modes can hold). */
function pillowSof(b: Bytes, at: number, n: number): void {
  if (n < 6) refuse("its frame header is too short");
  const bits = b.u8(at);
  if (bits !== 8) refuse(`it has ${bits}-bit samples`);
  const layers = b.u8(at + 5);
  if (layers !== 1 && layers !== 3 && layers !== 4) refuse(`it has ${layers} components`);
}

/** Pillow's APP handler: a JFIF or Adobe segment must hold the version it reads. */
function pillowApp(b: Bytes, m: number, at: number, n: number): void {
  const id = String.fromCharCode(...b.read(at, Math.min(5, Math.max(0, n))));
  if (n < 7 && ((m === 0xe0 && id.startsWith("JFIF")) || (m === 0xee && id === "Adobe"))) refuse("its JFIF or Adobe segment is cut short");
}

/** get_sof and initial_setup: size, precision, components and their sampling factors. */
function readSof(b: Bytes, at: number, length: number, marker: number): JpegFrame {
  const precision = b.u8(at);
  const height = b.uint(at + 1, 2, true);
  const width = b.uint(at + 3, 2, true);
  const n = b.u8(at + 5);
  if (height <= 0 || width <= 0 || n <= 0) refuse(`its size is ${width}×${height}`);
  if (length !== 8 + 3 * n) refuse("its frame header has a bad length");
  const components: Component[] = [];
  for (let k = 0; k < n; k++) {
    const c = at + 6 + 3 * k;
    const sampling = b.u8(c + 1);
    components.push({ id: b.u8(c), h: sampling >> 4, v: sampling & 15, quant: b.u8(c + 2) });
  }
  if (height > 65500 || width > 65500) refuse(`its size ${width}×${height} exceeds libjpeg's limit`);
  if (precision !== 8) refuse(`it has ${precision}-bit samples`);
  if (n > 10) refuse(`it has ${n} components`);
  if (components.some((c) => c.h < 1 || c.h > 4 || c.v < 1 || c.v > 4)) refuse("its sampling factors are invalid");
  const size = checkSize(width, height);
  if (size) refuse(size);
  return { progressive: marker === 0xc2 || marker === 0xca, arithmetic: marker === 0xc9 || marker === 0xca, precision, width, height, components };
}

/** get_dac: index < 8; a DC conditioning's lower bound no more than its upper one. */
function dac(b: Bytes, at: number, length: number): void {
  let left = length - 2;
  for (let i = at; left > 0; i += 2, left -= 2) {
    const index = b.u8(i);
    const value = b.u8(i + 1);
    if (index >= 8 || (index < 4 && (value & 15) > value >> 4)) refuse("its arithmetic conditioning is invalid");
  }
  if (left !== 0) refuse("its arithmetic conditioning segment has a bad length");
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
      if (next !== 0 && next !== 0xff && (next < 0xd0 || next > 0xd7)) return start + i;
    }
  }
  return end;
}

/** Whether `FF D9` occurs in `[from, end)`, looking backward from the end in blocks. */
function hasEndOfImage(b: Bytes, from: number, end: number): boolean {
  const block = 4096;
  for (let stop = end; stop - from >= 2; stop -= block) {
    const start = Math.max(from, stop - block - 1); // one byte of overlap: a marker may straddle blocks
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
  const r = new JpegReader(b).read(0, b.length, { pillow: true });
  return typeof r === "string" ? r : null;
}
