/**
 * TIFF (classic and BigTIFF) as Pillow 9.4 opens and converts it. `TiffImageFile._open` loads the
 * first IFD tag by tag (stopping silently at the first entry it cannot read) and `_setup` maps the
 * tags to a mode through its `OPEN_INFO` table; loading then reads the pixels: uncompressed strips
 * or tiles with Pillow's raw decoder (each must hold its rows), anything compressed through
 * libtiff, which reads every strip; for JPEG compression (7) libtiff hands libjpeg the
 * `JPEGTables` datastream and then each strip, whose frame must match the directory
 * (`JPEGPreDecode`). Other codecs' data (LZW, Deflate, PackBits) is not decoded.
 */
import { checkSize, type Bytes } from "./bytes.js";
import { jpegReader, type JpegFrame } from "./jpeg.js";

/**
 * Byte sizes of the TIFF field types Pillow loads (`ImageFileDirectory_v2._load_dispatch`),
 * indexed by type: 0 (or past the end) for the types it skips.
 */
const TYPE_SIZE = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4, 0, 0, 8, 8, 8];
/** Integer types (unsigned BYTE, SHORT, LONG, LONG8; signed SBYTE, SSHORT, SLONG, SLONG8). */
const UNSIGNED = /* @__PURE__ */ new Set([1, 3, 4, 16]);
const SIGNED = /* @__PURE__ */ new Set([6, 8, 9, 17]);

/** `COMPRESSION_INFO`'s keys: any other value is a KeyError in `_setup`. */
const COMPRESSIONS = /* @__PURE__ */ new Set([1, 2, 3, 4, 5, 6, 7, 8, 32771, 32773, 32809, 32946, 34676, 34677, 34925, 50000, 50001]);

/**
 * `OPEN_INFO`'s keys, `<byte order><photometric>/<sample format>/<fill order>/<bits per sample>/<extra samples>`,
 * byte order `*` for both, `I` little-endian only, `M` big-endian only (a key it lacks is "unknown pixel mode").
 */
const OPEN_INFO =
  "*0/1/1/1/ *0/1/2/1/ *1/1/1/1/ *1/1/2/1/ *0/1/1/2/ *0/1/2/2/ *1/1/1/2/ *1/1/2/2/ *0/1/1/4/ *0/1/2/4/ " +
  "*1/1/1/4/ *1/1/2/4/ *0/1/1/8/ *0/1/2/8/ *1/1/1/8/ *1/1/2/8/ I1/1/1/12/ I0/1/1/16/ *1/1/1/16/ " +
  "I1/1/2/16/ *1/2/1/16/ *0/3/1/32/ I1/1/1/32/ *1/2/1/32/ *1/3/1/32/ *1/1/1/8,8/2 *2/1/1/8,8,8/ " +
  "*2/1/2/8,8,8/ *2/1/1/8,8,8,8/ *2/1/1/8,8,8,8/0 *2/1/1/8,8,8,8,8/0,0 *2/1/1/8,8,8,8,8,8/0,0,0 " +
  "*2/1/1/8,8,8,8/1 *2/1/1/8,8,8,8,8/1,0 *2/1/1/8,8,8,8,8,8/1,0,0 *2/1/1/8,8,8,8/2 " +
  "*2/1/1/8,8,8,8,8/2,0 *2/1/1/8,8,8,8,8,8/2,0,0 *2/1/1/8,8,8,8/999 *2/1/1/16,16,16/ " +
  "*2/1/1/16,16,16,16/ *2/1/1/16,16,16,16/0 *2/1/1/16,16,16,16/1 *2/1/1/16,16,16,16/2 *3/1/1/1/ " +
  "*3/1/2/1/ *3/1/1/2/ *3/1/2/2/ *3/1/1/4/ *3/1/2/4/ *3/1/1/8/ *3/1/1/8,8/2 *3/1/2/8/ *5/1/1/8,8,8,8/ " +
  "*5/1/1/8,8,8,8,8/0 *5/1/1/8,8,8,8,8,8/0,0 I5/1/1/16,16,16,16/ *6/1/1/8,8,8/ *8/1/1/8,8,8/ ";
let openInfoKeys: Set<string> | undefined;

/** Whether `OPEN_INFO` has a mode for a key, in either byte order's entry. */
function openInfo(littleEndian: boolean, key: string): boolean {
  const keys = (openInfoKeys ??= new Set(OPEN_INFO.trim().split(" ")));
  return keys.has(`*${key}`) || keys.has(`${littleEndian ? "I" : "M"}${key}`);
}

/** A loaded tag: where its values are. */
interface Tag {
  readonly type: number;
  readonly count: number;
  readonly at: number;
  readonly unit: number;
}

/**
 * TIFF: null when Pillow opens it and its loading would find what it reads, else why not.
 *
 * @example checkTiff(bytes) // "its JPEG data: quantization table 0 is not defined"
 */
export function checkTiff(b: Bytes): string | null {
  const le = b.u8(0) === 0x49;
  const big = b.u8(2) === 0x2b; // Pillow 9.4 tests byte 2, so big-endian BigTIFF reads as classic
  // Eight-byte values as two halves (offsets above 2^53 cannot address a JavaScript string anyway).
  const num = (at: number, size: number): number =>
    size < 8 ? b.uint(at, size, !le) : at + 8 > b.length ? -1 : num(at + (le ? 4 : 0), 4) * 2 ** 32 + num(at + (le ? 0 : 4), 4);
  const word = big ? 8 : 4; // offsets and counts
  const ifd = num(word, word);
  if (ifd < 0) return "its header is cut short";
  if (ifd === 0) return "it has no image";
  const count = num(ifd, big ? 8 : 2);
  if (count < 0) return "its first directory is cut short";
  const entrySize = big ? 20 : 12;
  const tags = new Map<number, Tag>();
  for (let i = 0; i < count; i++) {
    const e = ifd + (big ? 8 : 2) + i * entrySize;
    if (e + entrySize > b.length) break;
    const [tag, type] = [num(e, 2), num(e + 2, 2)];
    const unit = TYPE_SIZE[type];
    if (!unit) continue;
    const n = num(e + 4, word);
    let at = e + 4 + word;
    if (n * unit > word) {
      at = num(at, word);
      if (at < 0 || at + n * unit > b.length) break; // Pillow's `_safe_read` fails and tag loading stops here
    }
    if (n > 0) tags.set(tag, { type, count: n, at, unit });
  }
  /** A tag's integer values (undefined when absent or not of an integer type). */
  const values = (tag: number): number[] | undefined => {
    const t = tags.get(tag);
    if (!t || !(UNSIGNED.has(t.type) || SIGNED.has(t.type))) return undefined;
    const out: number[] = [];
    for (let i = 0; i < t.count; i++) {
      const v = num(t.at + i * t.unit, t.unit);
      out.push(SIGNED.has(t.type) && v >= 2 ** (8 * t.unit - 1) ? v - 2 ** (8 * t.unit) : v);
    }
    return out;
  };
  // Tags declared with one value take the first; BYTE values are single values too, where a
  // tuple (bits per sample, sample format, extra samples) is then a TypeError.
  const first = (tag: number, fallback: number): number => values(tag)?.[0] ?? fallback;
  const tuple = (tag: number, fallback: number[]): number[] | null => (tags.get(tag)?.type === 1 ? null : (values(tag) ?? fallback));

  if (tags.has(0xbc01)) return "it is a Windows Media Photo file";
  const compression = first(259, 1);
  if (!COMPRESSIONS.has(compression)) return `its compression (${compression}) is not one Pillow knows`;
  const planar = first(284, 1);
  const photometric = compression === 6 ? 6 : first(262, 0); // old-style JPEG is YCbCr
  const width = values(256)?.[0];
  const height = values(257)?.[0];
  if (width === undefined || height === undefined) return "its first directory has no image size";
  let sampleFormat = tuple(339, [1]);
  let bps = tuple(258, [1]);
  const extra = tuple(338, []);
  if (!sampleFormat || !bps || !extra) return "its directory has a single value where Pillow reads several";
  if (sampleFormat.length > 1 && sampleFormat.every((v) => v === 1)) sampleFormat = [1];
  const samples = first(277, compression === 6 && (photometric === 2 || photometric === 6) ? 3 : 1);
  if (samples > 6) return `it has ${samples} samples per pixel`;
  if (samples < bps.length) bps = bps.slice(0, samples);
  else if (samples > bps.length && bps.length === 1) bps = new Array<number>(samples).fill(bps[0]!);
  if (bps.length !== samples) return "its bits per sample do not match its samples per pixel";
  if (!openInfo(le, `${photometric}/${sampleFormat.join(",")}/${first(266, 1)}/${bps.join(",")}/${extra.join(",")}`)) {
    return "its pixel layout is not one Pillow reads";
  }
  if (photometric === 3 && !tags.has(320)) return "its palette image has no colour map"; // modes P and PA
  const size = checkSize(width, height);
  if (size) return size;

  if (compression === 1) return rawTiles(b, values, { width, height, bps, planar, tiled: !tags.has(273) && tags.has(324) });
  // libtiff reads the image: strips, or tiles when the directory gives a tile size.
  const tiled = tags.has(322);
  const offsets = values(tiled ? 324 : 273);
  if (offsets === undefined) return "its first directory has no strip or tile offsets";
  const counts = values(tiled ? 325 : 279) ?? [];
  for (let i = 0; i < offsets.length; i++) {
    if (offsets[i]! + (counts[i] ?? 0) > b.length) return "its image data is cut short";
  }
  if (compression !== 7) return null;
  const segments = tiled
    ? { width: first(322, 0), rows: (): number => first(323, 0) }
    : { width, rows: (row: number): number => Math.min(first(278, 2 ** 32 - 1), height - row) };
  return jpegStrips(b, tags.get(347), offsets, counts, { ...segments, height, samples, bits: bps[0]!, planar, photometric, tiled, rowsPerStrip: first(278, 2 ** 32 - 1) });
}

/**
 * Pillow's raw decoder: each strip (or tile) is read from its offset, row by row, until its rows
 * are out (its byte count is not used); the file must hold them.
 */
function rawTiles(
  b: Bytes,
  values: (tag: number) => number[] | undefined,
  f: { width: number; height: number; bps: number[]; planar: number; tiled: boolean },
): string | null {
  const offsets = values(f.tiled ? 324 : 273);
  if (offsets === undefined) return "its first directory has no strip or tile offsets";
  const w = f.tiled ? values(322)?.[0] : f.width;
  const h = f.tiled ? values(323)?.[0] : (values(278)?.[0] ?? f.height);
  if (w === undefined || h === undefined) return "its tile size is missing";
  if (w <= 0 || h <= 0) return "its strips or tiles are empty";
  const bands = f.planar === 2 ? f.bps.length : 1;
  let [x, y, layer] = [0, 0, 0];
  for (const offset of offsets) {
    const bits = f.planar === 2 ? (f.bps[layer] ?? f.bps[0]!) : f.bps.reduce((s, v) => s + v, 0);
    const tileWidth = Math.min(x + w, f.width) - x;
    const rowBytes = Math.ceil((tileWidth * bits) / 8);
    // A tile cut by the right edge keeps its full width in the file.
    const stride = x + w > f.width ? Math.trunc((w * f.bps.reduce((s, v) => s + v, 0)) / 8 / bands) : rowBytes;
    if (stride < rowBytes) return "its tile layout is invalid";
    const rows = Math.min(y + h, f.height) - y;
    if (offset + (rows - 1) * stride + rowBytes > b.length) return "its image data is cut short";
    x += w;
    if (x >= f.width) {
      [x, y] = [0, y + h];
      if (y >= f.height) [x, y, layer] = [0, 0, layer + 1];
    }
  }
  return null;
}

/** JPEG compression through libtiff: the tables datastream, then each strip's, which must fit the directory. */
function jpegStrips(
  b: Bytes,
  tables: Tag | undefined,
  offsets: number[],
  counts: number[],
  f: {
    width: number;
    rows: (row: number) => number;
    height: number;
    samples: number;
    bits: number;
    planar: number;
    photometric: number;
    tiled: boolean;
    rowsPerStrip: number;
  },
): string | null {
  const read = jpegReader(b);
  if (tables) {
    const r = read(tables.at, tables.at + tables.count * tables.unit, false, true);
    if (typeof r === "string") return `its JPEGTables: ${r}`;
  }
  const stripsPerBand = f.tiled ? offsets.length : Math.ceil(f.height / Math.max(1, f.rowsPerStrip));
  for (let i = 0; i < offsets.length; i++) {
    const r = read(offsets[i]!, offsets[i]! + (counts[i] ?? 0), false);
    if (typeof r === "string") return `its JPEG data: ${r}`;
    if (r === null) return "its JPEG data has no image";
    const row = f.tiled ? 0 : (i % stripsPerBand) * f.rowsPerStrip;
    const problem = stripMismatch(r, f, f.rows(row), row);
    if (problem) return `its JPEG data: ${problem}`;
  }
  return null;
}

/** libtiff's JPEGPreDecode: the strip's frame against the directory. */
function stripMismatch(
  frame: JpegFrame,
  f: { width: number; height: number; samples: number; bits: number; planar: number; photometric: number; tiled: boolean },
  segmentHeight: number,
  row: number,
): string | null {
  const lastStripQuirk = frame.width === f.width && frame.height > segmentHeight && row + segmentHeight === f.height && !f.tiled;
  if (!lastStripQuirk && (frame.width > f.width || frame.height > segmentHeight)) return "a strip's JPEG frame is larger than the strip";
  if (frame.components.length !== (f.planar === 1 ? f.samples : 1)) return "its JPEG component count does not match the samples per pixel";
  if (frame.precision !== f.bits) return "its JPEG precision does not match the bits per sample";
  // Only YCbCr may be subsampled (its factors are libtiff's to reconcile: not checked here).
  if (f.photometric !== 6 && frame.components.some((c) => c.h !== 1 || c.v !== 1)) return "its JPEG sampling factors are not 1×1";
  return null;
}
