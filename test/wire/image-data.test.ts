/**
 * Image payload validation. Expectations come from the AutoGen fixtures (what Python accepted
 * or rejected, and with which exception), from CPython's `base64.b64decode` (values computed
 * with Python 3.11 and written down here), and from images built byte by byte below following
 * each format's specification (CRCs from node:zlib, not from the code under test).
 */
import { crc32, deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  checkImage,
  checkImageData,
  decodeBase64,
  IMAGE_FORMATS,
  imageDataUri,
  imageFormat,
  imageMimeType,
} from "../../src/wire/image-data.js";
import { readJsonl, type FixtureRecord } from "../helpers/fixtures.js";

// ----------------------------------------------------------------------------------------------
// Byte builders
// ----------------------------------------------------------------------------------------------

type Bytes = number[];
const b64 = (bytes: Bytes | Uint8Array) => Buffer.from(bytes).toString("base64");
const ascii = (s: string): Bytes => [...Buffer.from(s, "latin1")];
const u16le = (n: number): Bytes => [n & 255, (n >>> 8) & 255];
const u16be = (n: number): Bytes => [(n >>> 8) & 255, n & 255];
const u32le = (n: number): Bytes => [...u16le(n & 0xffff), ...u16le(n >>> 16)];
const u32be = (n: number): Bytes => [...u16be(n >>> 16), ...u16be(n & 0xffff)];

function pngChunk(type: string, data: Bytes, crc?: number): Bytes {
  const body = [...ascii(type), ...data];
  return [...u32be(data.length), ...body, ...u32be(crc ?? crc32(Buffer.from(body)))];
}

const PNG_SIG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A 2×1 RGB PNG (each part separately, to assemble broken variants). */
function pngParts(opts: { width?: number; height?: number; depth?: number; colour?: number; filter?: number } = {}) {
  const { width = 2, height = 1, depth = 8, colour = 2, filter = 0 } = opts;
  const ihdr = pngChunk("IHDR", [...u32be(width), ...u32be(height), depth, colour, 0, filter, 0]);
  const idatData = [...deflateSync(Buffer.from([0, 255, 0, 0, 0, 0, 255]))];
  return { ihdr, idatData, idat: pngChunk("IDAT", idatData), iend: pngChunk("IEND", []) };
}
const png = (opts?: Parameters<typeof pngParts>[0]): Bytes => {
  const p = pngParts(opts);
  return [...PNG_SIG, ...p.ihdr, ...p.idat, ...p.iend];
};

/** A baseline JPEG's markers (the scan data is a stand-in: only the structure is checked). */
function jpeg(opts: { sof?: number; precision?: number; components?: number; eoi?: boolean; extra?: Bytes } = {}): Bytes {
  const { sof = 0xc0, precision = 8, components = 3, eoi = true, extra = [] } = opts;
  const app0 = [0xff, 0xe0, ...u16be(16), ...ascii("JFIF\0"), 1, 1, 0, ...u16be(1), ...u16be(1), 0, 0];
  const dqt = [0xff, 0xdb, ...u16be(67), 0, ...new Array<number>(64).fill(1)];
  const comps = Array.from({ length: components }, (_, i) => [i + 1, 0x11, 0]).flat();
  const frame = [0xff, sof, ...u16be(8 + comps.length), precision, ...u16be(3), ...u16be(4), components, ...comps];
  // A progressive frame starts with a DC scan (spectral selection 0..0) and brings its own Huffman tables.
  const progressive = sof === 0xc2;
  const dht = progressive ? [0xff, 0xc4, ...u16be(2 + 17 + 2), 0x00, 0, 2, ...new Array<number>(14).fill(0), 0, 1] : [];
  const sos = [0xff, 0xda, ...u16be(6 + 2 * components), components, ...Array.from({ length: components }, (_, i) => [i + 1, 0]).flat(), 0, progressive ? 0 : 63, 0];
  return [0xff, 0xd8, ...app0, ...dqt, ...frame, ...dht, ...sos, 0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, ...(eoi ? [0xff, 0xd9] : []), ...extra];
}

/** A 2×2 GIF with a global palette: header, descriptor, LZW code size, data sub-blocks. */
function gif(body: Bytes = [0x2c, ...u16le(0), ...u16le(0), ...u16le(2), ...u16le(2), 0, 2, 3, 0x84, 0x1d, 0x05, 0, 0x3b]): Bytes {
  return [...ascii("GIF89a"), ...u16le(2), ...u16le(2), 0x80, 0, 0, 0, 0, 0, 255, 255, 255, ...body];
}

function riff(chunks: Bytes, sizeDelta = 0): Bytes {
  return [...ascii("RIFF"), ...u32le(4 + chunks.length + sizeDelta), ...ascii("WEBP"), ...chunks];
}
function webpChunk(fourcc: string, data: Bytes): Bytes {
  return [...ascii(fourcc), ...u32le(data.length), ...data, ...(data.length & 1 ? [0] : [])];
}
/** A VP8L (lossless) bitstream header for w×h: signature, 14-bit w-1 and h-1, alpha, version. */
const vp8l = (w: number, h: number, version = 0): Bytes => [0x2f, ...u32le((w - 1) | ((h - 1) << 14) | (version << 29)), 0x00, 0x07];

/** An uncompressed w×h 24-bit BMP (rows padded to 4 bytes). */
function bmp(opts: { width?: number; height?: number; bits?: number; headerSize?: number; pixelBytes?: number } = {}): Bytes {
  const { width = 2, height = 2, bits = 24, headerSize = 40 } = opts;
  const stride = Math.ceil((width * bits) / 32) * 4;
  const pixels = new Array<number>(opts.pixelBytes ?? stride * height).fill(0x7f);
  const info = [...u32le(headerSize), ...u32le(width), ...u32le(height), ...u16le(1), ...u16le(bits), ...new Array<number>(24).fill(0)];
  const header = [...info, ...new Array<number>(Math.max(0, headerSize - info.length)).fill(0)];
  return [...ascii("BM"), ...u32le(14 + header.length + pixels.length), 0, 0, 0, 0, ...u32le(14 + header.length), ...header, ...pixels];
}

/** A little-endian TIFF: one IFD with width, length, one strip (offset, byte count). */
function tiff(opts: { width?: number; stripBytes?: number; dataBytes?: number; entries?: Bytes[] } = {}): Bytes {
  const { width = 2, stripBytes = 12, dataBytes = 12 } = opts;
  const entry = (tag: number, type: number, value: number): Bytes => [...u16le(tag), ...u16le(type), ...u32le(1), ...u32le(value)];
  const entries = opts.entries ?? [entry(256, 3, width), entry(257, 3, 2), entry(273, 4, 0), entry(279, 4, stripBytes)];
  const dataAt = 8 + 2 + entries.length * 12 + 4;
  const fixed = entries.map((e) => (e[0] === 0x11 && e[1] === 0x01 ? [...e.slice(0, 8), ...u32le(dataAt)] : e));
  return [...ascii("II*\0"), ...u32le(8), ...u16le(entries.length), ...fixed.flat(), ...u32le(0), ...new Array<number>(dataBytes).fill(9)];
}

/** An ICO whose single 16×16 entry holds the given image bytes. */
function ico(image: Bytes, count = 1): Bytes {
  const entry = [16, 16, 0, 0, ...u16le(1), ...u16le(32), ...u32le(image.length), ...u32le(6 + 16)];
  return [0, 0, 1, 0, ...u16le(count), ...entry, ...image];
}

const accepts = (bytes: Bytes) => checkImageData(b64(bytes)).ok;

// ----------------------------------------------------------------------------------------------
// The AutoGen fixtures
// ----------------------------------------------------------------------------------------------

/** Every fixture record that feeds an image to AutoGen's `Image` validator. */
const imageRecords = [
  ...readJsonl("autogen/load-cases.jsonl").filter((r) =>
    /^MultiModalMessage\/image:|^HandoffMessage\/context-item:user-(bad-)?image$/.test(r.name),
  ),
  ...readJsonl("autogen/llm-messages.jsonl").filter((r) => r.name.startsWith("UserMessage/content-image-")),
];

/** The content items that are not text: what AutoGen validates as `Image`. */
function imageItems(rec: FixtureRecord): unknown[] {
  const payload = rec.payload as { content?: unknown[]; context?: { content: unknown[] }[] };
  const content = payload.context ? payload.context[0]!.content : payload.content!;
  return content.filter((item) => typeof item !== "string");
}

/** The failure code AutoGen's exception corresponds to. */
function expectedCode(rec: FixtureRecord): string {
  const text = `${rec.error_type}: ${rec.error} ${JSON.stringify(rec.errors)}`;
  if (/Incorrect padding|multiple of 4|should contain only ASCII/.test(text)) return "image_base64";
  if (/UnidentifiedImageError|OSError/.test(text)) return "image_format";
  // TypeError from b64decode(int) / "Expected dict or Image instance", ValueError "Expected 'data' key".
  return "image_type";
}

/** The format each accepted fixture image is in, by the case's name. */
const FIXTURE_FORMATS: Record<string, string> = {
  jpeg: "JPEG", "jpeg-cmyk": "JPEG", gif: "GIF", "webp-lossless": "WEBP", bmp: "BMP", tiff: "TIFF",
};

describe("AutoGen fixtures: images are accepted and rejected as AutoGen does", () => {
  it("finds the image cases", () => {
    expect(imageRecords.length).toBeGreaterThanOrEqual(30);
  });

  for (const rec of imageRecords) {
    const items = imageItems(rec);
    // `image:data-uri-string` is a plain string: text, never validated as an image.
    if (items.length === 0) continue;
    it(rec.name, () => {
      const results = items.map((item) => checkImage(item));
      if (rec.accepted) {
        results.forEach((r, i) => {
          const data = (items[i] as { data: string }).data;
          expect(r).toEqual({ ok: true, value: { data } }); // the text unchanged, other keys dropped
          if (r.ok) expect(r.value).not.toBe(items[i]);
          const variant = rec.name.split(":")[1] ?? "";
          expect(imageFormat(data)).toBe(FIXTURE_FORMATS[variant] ?? "PNG");
        });
      } else {
        const failed = results.find((r) => !r.ok);
        expect(failed, `${rec.error_type}: ${rec.error}`).toBeDefined();
        expect(failed).toMatchObject({ ok: false, code: expectedCode(rec) });
      }
    });
  }

  it("accepts every image AutoGen wrote itself (all PNG) and the inputs it was built from", () => {
    const images: unknown[] = [];
    const collect = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(collect);
      else if (v && typeof v === "object") {
        if (typeof (v as { data?: unknown }).data === "string" && Object.keys(v).length === 1) images.push(v);
        else Object.values(v).forEach(collect);
      }
    };
    const inputs: string[] = [];
    for (const file of ["messages.jsonl", "load-cases.jsonl", "llm-messages.jsonl"]) {
      for (const rec of readJsonl(`autogen/${file}`)) {
        collect(rec.dump);
        for (const input of (rec.image_inputs ?? []) as { base64: string }[]) inputs.push(input.base64);
      }
    }
    expect(images.length).toBeGreaterThan(20);
    for (const image of images) {
      const data = (image as { data: string }).data;
      expect(checkImage(image).ok, data.slice(0, 40)).toBe(true);
      expect(imageFormat(data)).toBe("PNG");
    }
    expect(inputs.length).toBeGreaterThan(0);
    for (const input of inputs) expect(checkImageData(input).ok).toBe(true);
  });
});

// ----------------------------------------------------------------------------------------------
// Base64 (values from CPython 3.11 `base64.b64decode`)
// ----------------------------------------------------------------------------------------------

describe("decodeBase64 follows Python's non-strict b64decode", () => {
  it.each([
    ["aGk=", [104, 105]],
    ["aG\nk=", [104, 105]],
    ["a-G_k:=", [104, 105]], // base64url / punctuation characters are skipped, not translated
    ["aGk=IGlnbm9yZWQ=", [104, 105]], // completed padding ends the input
    ["aGk===", [104, 105]], // extra padding
    ["aG=k=", [104, 105]], // "=" that does not complete a quad is skipped
    ["aGl=", [104, 105]], // non-zero leftover bits are ignored
    ["Y Q = =", [97]],
    ["YWJj\r\nZGVm", [97, 98, 99, 100, 101, 102]],
    ["YW=Jj", [97, 98, 99]],
    ["=YWJj", [97, 98, 99]],
    ["YWJjZA==ZQ==", [97, 98, 99, 100]],
    ["", []],
    ["====", []],
  ])("%j decodes to %j", (text, bytes) => {
    expect([...decodeBase64(text)]).toEqual(bytes);
  });

  it.each([
    ["YQ", "incorrect padding"],
    ["aGk", "incorrect padding"],
    ["aG=", "incorrect padding"],
    ["aGkhI", "number of data characters (5) cannot be 1 more than a multiple of 4"],
    ["a", "number of data characters (1) cannot be 1 more than a multiple of 4"],
    ["=a", "number of data characters (1) cannot be 1 more than a multiple of 4"],
    ["aGk=é", "string argument should contain only ASCII characters"], // even after the padding
    ["é", "string argument should contain only ASCII characters"],
  ])("%j is an error: %s", (text, reason) => {
    expect(() => decodeBase64(text)).toThrow(RangeError);
    expect(() => decodeBase64(text)).toThrow(reason);
    expect(checkImageData(text)).toEqual({ ok: false, code: "image_base64", message: `invalid base64: ${reason}` });
  });

  it("decodes arbitrary bytes back exactly, also when wrapped in lines", () => {
    const bytes = Array.from({ length: 1000 }, (_, i) => (i * 97 + 13) & 255);
    const text = b64(bytes);
    expect([...decodeBase64(text)]).toEqual(bytes);
    expect([...decodeBase64(text.replace(/(.{76})/g, "$1\r\n"))]).toEqual(bytes);
  });
});

// ----------------------------------------------------------------------------------------------
// Validation results and messages
// ----------------------------------------------------------------------------------------------

describe("checkImageData / checkImage", () => {
  const image = b64(png());

  it("returns the very string it was given", () => {
    const wrapped = image.replace(/(.{8})/g, "$1\n");
    expect(checkImageData(image)).toEqual({ ok: true, value: image });
    expect(checkImageData(wrapped)).toEqual({ ok: true, value: wrapped });
  });

  it("rejects non-strings as image_type", () => {
    expect(checkImageData(5)).toEqual({ ok: false, code: "image_type", message: "expected base64 image data, got number" });
    expect(checkImageData(null)).toMatchObject({ code: "image_type", message: "expected base64 image data, got null" });
    expect(checkImageData(undefined)).toMatchObject({ code: "image_type", message: "expected base64 image data, got nothing" });
    expect(checkImageData([image])).toMatchObject({ code: "image_type" });
  });

  it("rejects decodable bytes that are no image as image_format", () => {
    expect(checkImageData(b64(ascii("vector system agent user search")))).toEqual({
      ok: false,
      code: "image_format",
      message: `not an image AutoGen can read (${IMAGE_FORMATS.join(", ")})`,
    });
    expect(checkImageData("")).toMatchObject({ code: "image_format" });
    expect(checkImageData("!!!")).toMatchObject({ code: "image_format" }); // decodes to nothing
    expect(checkImageData(b64(png().slice(0, 40)))).toMatchObject({ code: "image_format", message: expect.stringContaining("PNG") });
  });

  it("checkImage keeps only data, in a new object", () => {
    const input = { data: image, url: "x", detail: "high" };
    const r = checkImage(input);
    expect(r).toEqual({ ok: true, value: { data: image } });
    expect(input).toEqual({ data: image, url: "x", detail: "high" });
  });

  it("checkImage rejects values that are not image objects, and points at a bad data key", () => {
    for (const value of [image, 5, null, true, [{ data: image }], new Date(0)]) {
      expect(checkImage(value)).toMatchObject({ ok: false, code: "image_type" });
    }
    expect(checkImage(5)).toMatchObject({ message: 'expected an image object {"data": "<base64>"}, got number' });
    expect(checkImage({})).toMatchObject({ ok: false, code: "image_type", path: ["data"] });
    expect(checkImage({ url: "x" })).toMatchObject({ ok: false, code: "image_type", path: ["data"] });
    expect(checkImage({ data: "aGk" })).toMatchObject({ ok: false, code: "image_base64", path: ["data"] });
  });
});

// ----------------------------------------------------------------------------------------------
// Formats, built byte by byte
// ----------------------------------------------------------------------------------------------

describe("PNG", () => {
  const { ihdr, idat, idatData, iend } = pngParts();

  it("accepts a well-formed PNG and the variants Pillow reads", () => {
    expect(imageFormat(b64(png()))).toBe("PNG");
    expect(accepts(png({ depth: 1, colour: 0 }))).toBe(true);
    expect(accepts(png({ depth: 16, colour: 6 }))).toBe(true);
    // Ancillary chunks before the data; two IDAT chunks; trailing bytes after IEND.
    const text = pngChunk("tEXt", ascii("Comment\0hi"));
    const half = idatData.length >> 1;
    expect(accepts([...PNG_SIG, ...ihdr, ...text, ...pngChunk("IDAT", idatData.slice(0, half)), ...pngChunk("IDAT", idatData.slice(half)), ...iend])).toBe(true);
    expect(accepts([...png(), ...ascii("trailing")])).toBe(true);
    // No IEND, or junk where it should be: Pillow stops at the first unreadable chunk header.
    expect(accepts([...PNG_SIG, ...ihdr, ...idat])).toBe(true);
    expect(accepts([...PNG_SIG, ...ihdr, ...idat, 0, 0, 0, 0, 0x21, 0x21, 0x21, 0x21])).toBe(true);
  });

  it("rejects headers Pillow cannot read", () => {
    expect(accepts(png({ width: 0 }))).toBe(false);
    expect(accepts(png({ depth: 8, colour: 5 }))).toBe(false); // no such colour type
    expect(accepts(png({ depth: 3, colour: 2 }))).toBe(false);
    expect(accepts(png({ filter: 1 }))).toBe(false);
    expect(accepts(png({ width: 20000, height: 20000 }))).toBe(false); // decompression bomb
    const badCrc = pngChunk("IHDR", [...u32be(2), ...u32be(1), 8, 2, 0, 0, 0], 12345);
    expect(accepts([...PNG_SIG, ...badCrc, ...idat, ...iend])).toBe(false);
    expect(accepts([...PNG_SIG, ...idat, ...iend])).toBe(false); // no IHDR before the data
    expect(accepts([...PNG_SIG, ...ihdr, ...iend])).toBe(false); // no image data
    expect(accepts([...PNG_SIG, ...ihdr, 0, 0, 0, 4, ...ascii("te-t"), 1, 2, 3, 4, 0, 0, 0, 0, ...idat])).toBe(false); // bad chunk name
  });

  it("rejects a PNG cut short, except inside the zlib checksum Pillow never reads", () => {
    const whole = png();
    const idatEnd = PNG_SIG.length + ihdr.length + 8 + idatData.length;
    for (let cut = 1; cut < idatEnd - 4; cut++) expect(accepts(whole.slice(0, cut)), `cut at ${cut}`).toBe(false);
    for (let cut = idatEnd - 4; cut <= whole.length; cut++) expect(accepts(whole.slice(0, cut)), `cut at ${cut}`).toBe(true);
  });

  it("rejects corrupted image data (the IDAT CRC stands in for inflating it)", () => {
    const corrupt = png();
    corrupt[PNG_SIG.length + ihdr.length + 8 + 2]! ^= 0x40;
    expect(accepts(corrupt)).toBe(false);
    // What base64url text does to a PNG: dropped characters shift every later byte.
    const text = b64(png());
    const shifted = text.slice(0, 60) + text.slice(64);
    expect(checkImageData(shifted)).toMatchObject({ ok: false, code: "image_format" });
  });

  it("rejects a chunk after the data whose body is cut short (Pillow reads it while loading)", () => {
    const text = pngChunk("tEXt", ascii("Comment\0a longer comment"));
    expect(accepts([...PNG_SIG, ...ihdr, ...idat, ...text.slice(0, 15)])).toBe(false);
    expect(accepts([...PNG_SIG, ...ihdr, ...idat, ...text])).toBe(true);
  });
});

describe("JPEG", () => {
  it("accepts a well-formed JPEG, with trailing bytes, grayscale, CMYK, progressive", () => {
    expect(imageFormat(b64(jpeg()))).toBe("JPEG");
    expect(accepts(jpeg({ extra: ascii("trailer after the end of image") }))).toBe(true);
    expect(accepts(jpeg({ components: 1 }))).toBe(true);
    expect(accepts(jpeg({ components: 4 }))).toBe(true);
    expect(accepts(jpeg({ sof: 0xc2 }))).toBe(true);
    expect(accepts([0xff, 0xd8, 0xff, 0xff, ...jpeg().slice(2)])).toBe(true); // fill bytes before a marker
  });

  it("rejects frames Pillow or libjpeg cannot decode", () => {
    expect(accepts(jpeg({ precision: 12 }))).toBe(false);
    expect(accepts(jpeg({ components: 2 }))).toBe(false);
    expect(accepts(jpeg({ sof: 0xc3 }))).toBe(false); // lossless
    const noFrame = jpeg();
    const sofAt = noFrame.findIndex((b, i) => b === 0xff && noFrame[i + 1] === 0xc0);
    noFrame.splice(sofAt, 2 + 17);
    expect(accepts(noFrame)).toBe(false);
    const unknown = jpeg();
    unknown.splice(2, 0, 0xff, 0x01);
    expect(accepts(unknown)).toBe(false);
  });

  it("rejects a JPEG cut anywhere, including inside its scan data", () => {
    const whole = jpeg();
    for (let cut = 1; cut < whole.length; cut++) expect(accepts(whole.slice(0, cut)), `cut at ${cut}`).toBe(false);
    expect(accepts(whole)).toBe(true);
  });
});

describe("GIF", () => {
  it("accepts a well-formed GIF, also with extensions before the image", () => {
    expect(imageFormat(b64(gif()))).toBe("GIF");
    const gce = [0x21, 0xf9, 4, 1, 10, 0, 0, 0];
    const netscape = [0x21, 0xff, 11, ...ascii("NETSCAPE2.0"), 3, 1, 0, 0, 0];
    const comment = [0x21, 0xfe, 2, ...ascii("hi"), 0];
    expect(accepts(gif([...netscape, ...comment, ...gce, ...gif().slice(19)]))).toBe(true);
  });

  it("accepts a GIF missing only its terminator and trailer", () => {
    expect(accepts(gif().slice(0, -2))).toBe(true);
  });

  it("rejects a GIF without an image, cut inside it, or with a broken extension", () => {
    expect(accepts(gif([0x3b]))).toBe(false);
    expect(accepts(gif([]))).toBe(false);
    const whole = gif();
    for (let cut = 1; cut <= whole.length - 3; cut++) expect(accepts(whole.slice(0, cut)), `cut at ${cut}`).toBe(false);
    expect(accepts(gif([0x21, 0xf9, 2, 1, 10, 0, ...gif().slice(19)]))).toBe(false); // GCE too short
    expect(accepts(gif([0x21, 0xff, 11, ...ascii("NETSCAPE2.0"), 0, ...gif().slice(19)]))).toBe(false);
    expect(accepts(gif([0x2c, ...u16le(0), ...u16le(0), ...u16le(2), ...u16le(2), 0, 13, 1, 0, 0, 0x3b]))).toBe(false); // LZW size 13
  });
});

describe("WEBP", () => {
  it("accepts lossless, lossy and extended WEBP", () => {
    expect(imageFormat(b64(riff(webpChunk("VP8L", vp8l(3, 2)))))).toBe("WEBP");
    // VP8: key frame tag (shown, profile 0, first partition 1 byte), start code, 14-bit sizes.
    const vp8 = [0x30, 0x00, 0x00, 0x9d, 0x01, 0x2a, ...u16le(3), ...u16le(2), 0, 0];
    expect(accepts(riff(webpChunk("VP8 ", vp8)))).toBe(true);
    const vp8x = [0x10, 0, 0, 0, 2, 0, 0, 1, 0, 0]; // alpha flag, canvas 3×2
    expect(accepts(riff([...webpChunk("VP8X", vp8x), ...webpChunk("ALPH", [0]), ...webpChunk("VP8 ", vp8)]))).toBe(true);
    expect(accepts(riff([...webpChunk("VP8X", vp8x), ...webpChunk("VP8L", vp8l(3, 2))]))).toBe(true);
    expect(accepts([...riff(webpChunk("VP8L", vp8l(3, 2))), ...ascii("after the RIFF")])).toBe(true);
  });

  it("rejects an incomplete RIFF, a bad bitstream header, or no image", () => {
    expect(accepts(riff(webpChunk("VP8L", vp8l(3, 2)), 10))).toBe(false);
    expect(accepts(riff(webpChunk("VP8L", vp8l(3, 2))).slice(0, -1))).toBe(false);
    expect(accepts(riff(webpChunk("VP8L", [0x2e, ...vp8l(3, 2).slice(1)])))).toBe(false);
    expect(accepts(riff(webpChunk("VP8L", vp8l(3, 2, 1))))).toBe(false);
    expect(accepts(riff(webpChunk("VP8X", [0, 0, 0, 0, 2, 0, 0, 1, 0, 0])))).toBe(false);
  });
});

describe("BMP", () => {
  it("accepts an uncompressed BMP, also when the last row lacks its padding", () => {
    expect(imageFormat(b64(bmp()))).toBe("BMP");
    expect(accepts(bmp({ headerSize: 124 }))).toBe(true);
    expect(accepts(bmp({ pixelBytes: 8 + 6 }))).toBe(true); // 2 rows of 8 bytes, the last without its 2 padding bytes
  });

  it("rejects missing pixels and headers Pillow does not read", () => {
    expect(accepts(bmp({ pixelBytes: 8 + 5 }))).toBe(false);
    expect(accepts(bmp({ headerSize: 56 }))).toBe(false);
    expect(accepts(bmp({ bits: 2 }))).toBe(false);
    expect(accepts(bmp({ width: 0 }))).toBe(false);
    expect(accepts(bmp().slice(0, 20))).toBe(false);
  });
});

describe("TIFF", () => {
  it("accepts a TIFF whose strips are present", () => {
    expect(imageFormat(b64(tiff()))).toBe("TIFF");
  });

  it("rejects a missing size, missing strips, strips past the end, or no directory", () => {
    // An uncompressed 2×2 bilevel strip is two rows of one byte; Pillow's raw decoder reads just those.
    expect(accepts(tiff({ dataBytes: 1 }))).toBe(false);
    expect(accepts(tiff({ dataBytes: 2 }))).toBe(true); // its StripByteCounts (12) is not what the raw decoder goes by
    expect(accepts(tiff({ width: 0 }))).toBe(false);
    const noWidth = [[...u16le(257), ...u16le(3), ...u32le(1), ...u32le(2)], [...u16le(273), ...u16le(4), ...u32le(1), ...u32le(0)]];
    expect(accepts(tiff({ entries: noWidth }))).toBe(false);
    const noStrips = [[...u16le(256), ...u16le(3), ...u32le(1), ...u32le(2)], [...u16le(257), ...u16le(3), ...u32le(1), ...u32le(2)]];
    expect(accepts(tiff({ entries: noStrips }))).toBe(false);
    expect(accepts([...ascii("II*\0"), ...u32le(0)])).toBe(false);
  });
});

describe("ICO", () => {
  it("accepts an icon holding a PNG, rejects an empty or cut directory and a broken image", () => {
    expect(imageFormat(b64(ico(png())))).toBe("ICO");
    expect(accepts(ico(png(), 0))).toBe(false);
    expect(accepts(ico(png()).slice(0, 20))).toBe(false);
    expect(accepts(ico(png().slice(0, 40)))).toBe(false);
  });
});

describe("formats AutoGen reads that are not accepted, and non-images", () => {
  it.each([
    ["Photoshop", [...ascii("8BPS"), 0, 1, ...new Array<number>(40).fill(0)]],
    ["netpbm", ascii("P6\n2 2\n255\n").concat(new Array<number>(12).fill(1))],
    ["TGA (no signature)", [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2, 0, 24, 0, ...new Array<number>(12).fill(1)]],
    ["text", ascii("just some text")],
  ])("%s", (_name, bytes) => {
    expect(checkImageData(b64(bytes))).toMatchObject({ ok: false, code: "image_format" });
    expect(imageFormat(b64(bytes))).toBeNull();
  });
});

// ----------------------------------------------------------------------------------------------
// MIME types and data URIs
// ----------------------------------------------------------------------------------------------

describe("imageMimeType sniffs like AutoGen's _get_mime_type_from_data_uri", () => {
  it.each([
    [[0xff, 0xd8, 0xff, 0xe0], "image/jpeg"],
    [PNG_SIG, "image/png"],
    [ascii("GIF87a"), "image/gif"],
    [ascii("GIF89a..."), "image/gif"],
    [ascii("RIFF\0\0\0\0WEBPVP8L"), "image/webp"],
    [ascii("RIFF\0\0\0\0WAVEfmt "), "image/jpeg"], // not WEBP: the fallback
    [ascii("BM6\0\0\0"), "image/jpeg"],
    [ascii("GIF88a"), "image/jpeg"],
    [PNG_SIG.slice(0, 7), "image/jpeg"],
    [[], "image/jpeg"],
  ])("%j → %s", (bytes, mime) => {
    expect(imageMimeType(b64(bytes))).toBe(mime);
  });

  it("reads the bytes the way Python decodes them", () => {
    expect(imageMimeType(`\n${b64(PNG_SIG).replace(/(.{3})/g, "$1\r\n")}`)).toBe("image/png");
    expect(imageMimeType(`${b64(ascii("GIF89a"))}\n`)).toBe("image/gif");
    expect(imageMimeType(b64(ascii("G")) + b64(ascii("IF89a")))).toBe("image/jpeg"); // "Rw==" ends the input
  });
});

describe("imageDataUri", () => {
  it("names the real type of the bytes and keeps canonical base64 as is", () => {
    const text = b64(png());
    expect(imageDataUri(text)).toBe(`data:image/png;base64,${text}`);
    expect(imageDataUri(b64(gif()))).toBe(`data:image/gif;base64,${b64(gif())}`);
    expect(imageDataUri(b64(jpeg()))).toBe(`data:image/jpeg;base64,${b64(jpeg())}`);
  });

  it("re-encodes text with line breaks or extra padding into clean base64 of the same bytes", () => {
    const text = b64(png());
    expect(imageDataUri(text.replace(/(.{10})/g, "$1\n"))).toBe(`data:image/png;base64,${text}`);
    expect(imageDataUri(`${b64([1, 2])}==`)).toBe(`data:image/jpeg;base64,${b64([1, 2])}`);
    expect(() => imageDataUri("aGk")).toThrow(RangeError);
  });
});

// ----------------------------------------------------------------------------------------------
// Big images
// ----------------------------------------------------------------------------------------------

describe("a 20 MB image", () => {
  // A PNG whose single IDAT chunk holds ~15 MB: signature, IHDR and the IDAT header plus one
  // data byte make 42 bytes (whole base64 quads), then "AAAA" = three zero bytes at a time, then
  // the IDAT CRC and IEND. The CRC is not the real one: it lies beyond what is checked.
  const quads = 5 * 1024 * 1024;
  const { ihdr, iend } = pngParts({ width: 4096, height: 1200 });
  const build = (idatLength: number) =>
    b64([...PNG_SIG, ...ihdr, ...u32be(idatLength), ...ascii("IDAT"), 0]) + "AAAA".repeat(quads) + b64([0, 0, 0, 0, ...iend]);

  it("is accepted when complete", () => {
    const data = build(1 + 3 * quads);
    expect(data.length).toBeGreaterThan(20 * 1024 * 1024);
    expect(checkImageData(data)).toEqual({ ok: true, value: data });
    expect(imageFormat(data)).toBe("PNG");
  });

  it("is accepted when wrapped in lines", () => {
    const data = build(1 + 3 * quads).replace(/(.{76})/g, "$1\n");
    expect(checkImageData(data).ok).toBe(true);
  });

  it("is rejected when its image data is cut short", () => {
    expect(checkImageData(build(1 + 3 * quads + 100)).ok).toBe(false);
  });
});
