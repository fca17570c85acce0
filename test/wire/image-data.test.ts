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

// ----------------------------------------------------------------------------------------------
// What Pillow 9.4's open + convert("RGB") (libjpeg-turbo 2.1, libwebp 1.2, libtiff) refuse beyond
// the header walk's basics (issue 22: damaged headers differential fuzzing found accepted).
// Each case follows the upstream source named in src/wire/image/*.ts.
// ----------------------------------------------------------------------------------------------

const reason = (bytes: Bytes) => {
  const r = checkImageData(b64(bytes));
  return r.ok ? "ok" : r.message.replace(/^not an image AutoGen can read: \w+, but /, "");
};

describe("PNG image data as Pillow's load_read feeds it to zlib", () => {
  const p = pngParts();
  const withIdatLength = (n: number) => [...PNG_SIG, ...p.ihdr, ...u32be(n), ...p.idat.slice(4), ...p.iend];

  it("accepts an IDAT length past the end when the stream is whole (the real chunk end found by its CRC)", () => {
    expect(reason(withIdatLength(0x02000015))).toBe("ok");
    expect(reason(withIdatLength(p.idatData.length + 7))).toBe("ok"); // reaches into IEND: read as data, ignored
  });

  it("rejects a length that stops inside the stream, or runs on into a second IDAT", () => {
    expect(reason(withIdatLength(p.idatData.length - 6))).toBe("its image data is corrupt (an IDAT chunk's length is wrong)");
    const half = p.idatData.length >> 1;
    const two = [...pngChunk("IDAT", p.idatData.slice(0, half)), ...pngChunk("IDAT", p.idatData.slice(half))];
    const longFirst = [...PNG_SIG, ...p.ihdr, ...u32be(half + 20), ...two.slice(4), ...p.iend];
    expect(reason(longFirst)).toBe("its image data is corrupt (an IDAT chunk's length is wrong)");
    expect(reason([...PNG_SIG, ...p.ihdr, ...two, ...p.iend])).toBe("ok");
  });

  it("reports a chunk too short for its handler as Pillow's ValueError, before its CRC", () => {
    const shortIhdr = [...PNG_SIG, ...pngChunk("IHDR", p.ihdr.slice(8, 20), 0), ...p.idat, ...p.iend];
    expect(checkImageData(b64(shortIhdr))).toMatchObject({ ok: false, code: "image_value_error", message: expect.stringContaining("its IHDR chunk is too short") });
    const emptySrgb = [...PNG_SIG, ...p.ihdr, ...pngChunk("sRGB", []), ...p.idat, ...p.iend];
    expect(checkImageData(b64(emptySrgb))).toMatchObject({ ok: false, code: "image_value_error" });
    expect(reason([...PNG_SIG, ...p.ihdr, ...pngChunk("sRGB", [0]), ...p.idat, ...p.iend])).toBe("ok");
  });
});

describe("WEBP as libwebp's demuxer validates it", () => {
  const vp8 = (w: number, h: number) => [0x30, 0x00, 0x00, 0x9d, 0x01, 0x2a, ...u16le(w), ...u16le(h), 0, 0];
  const vp8x = (flags: number, w: number, h: number) => webpChunk("VP8X", [flags, 0, 0, 0, ...u32le(w - 1).slice(0, 3), ...u32le(h - 1).slice(0, 3)]);
  const anmf = (x: number, y: number, w: number, h: number, image: Bytes) =>
    webpChunk("ANMF", [...u32le(x / 2).slice(0, 3), ...u32le(y / 2).slice(0, 3), ...u32le(w - 1).slice(0, 3), ...u32le(h - 1).slice(0, 3), 100, 0, 0, 0, ...image]);
  const anim = webpChunk("ANIM", [0, 0, 0, 0, 0, 0]);

  it("accepts a still extended image matching its canvas and an animation whose frames fit", () => {
    expect(reason(riff([...vp8x(0, 3, 2), ...webpChunk("VP8 ", vp8(3, 2))]))).toBe("ok");
    expect(reason(riff([...vp8x(0x02, 4, 4), ...anim, ...anmf(0, 0, 3, 2, webpChunk("VP8 ", vp8(3, 2))), ...anmf(0, 2, 4, 2, webpChunk("VP8L", vp8l(4, 2)))]))).toBe("ok");
  });

  it("rejects frames that do not fit the canvas (a flipped size byte)", () => {
    expect(reason(riff([...vp8x(0, 5, 4), ...webpChunk("VP8 ", vp8(69, 4))]))).toBe("a 69×4 frame does not fit its 5×4 canvas");
    expect(reason(riff([...vp8x(0x02, 4, 4), ...anim, ...anmf(2, 0, 3, 2, webpChunk("VP8 ", vp8(3, 2)))]))).toBe("a 3×2 frame does not fit its 4×4 canvas");
  });

  it("rejects invalid flags, chunks out of place, and a file that stops after VP8X", () => {
    expect(reason(riff([...vp8x(0x01, 3, 2), ...webpChunk("VP8 ", vp8(3, 2))]))).toBe("its VP8X flags are invalid");
    expect(reason(riff([...vp8x(0x10, 3, 2), ...webpChunk("ALPH", [0]), ...webpChunk("VP8L", vp8l(3, 2))]))).toBe("its VP8L image follows an ALPH chunk");
    expect(reason(riff([...vp8x(0x02, 3, 2), ...webpChunk("VP8 ", vp8(3, 2))]))).toBe("it has an image outside the frames of its animation");
    expect(reason(riff([...vp8x(0x02, 3, 2), ...anmf(0, 0, 3, 2, webpChunk("VP8 ", vp8(3, 2)))]))).toBe("an ANMF chunk comes before the ANIM chunk");
    expect(reason(riff([...vp8x(0x02, 3, 2), ...anim]))).toBe("it has no image");
    expect(reason(riff(vp8x(0, 3, 2)))).toBe("it has nothing after its VP8X chunk");
  });
});

describe("JPEG as libjpeg-turbo reads its markers", () => {
  const soi = [0xff, 0xd8];
  const app0 = (length = 16) => [0xff, 0xe0, ...u16be(length), ...ascii("JFIF\0"), 1, 1, 0, ...u16be(1), ...u16be(1), 0, 0].slice(0, 2 + Math.max(2, length)).concat(new Array<number>(Math.max(0, length - 16)).fill(0));
  const dqt = (index = 0) => [0xff, 0xdb, ...u16be(67), index, ...new Array<number>(64).fill(1)];
  const sof = (marker: number, comps: [number, number, number][]) => [0xff, marker, ...u16be(8 + 3 * comps.length), 8, ...u16be(2), ...u16be(3), comps.length, ...comps.flat()];
  const sos = (comps: [number, number][], ss = 0, se = 63, a = 0) => [0xff, 0xda, ...u16be(6 + 2 * comps.length), comps.length, ...comps.flat(), ss, se, a];
  // One DC table for progressive scans: a single code of length 1 (symbol 0).
  const dht = (index: number, counts: number[] = [1], symbols: number[] = [0]) => [0xff, 0xc4, ...u16be(2 + 17 + symbols.length), index, ...counts, ...new Array<number>(16 - counts.length).fill(0), ...symbols];
  const data = [0x12, 0xff, 0x00, 0x34];
  const eoi = [0xff, 0xd9];
  const grey: [number, number, number][] = [[1, 0x11, 0]];
  const ok = [...soi, ...app0(), ...dqt(), ...sof(0xc0, grey), ...sos([[1, 0]]), ...data, ...eoi];

  it("accepts a baseline image without Huffman tables (libjpeg's standard tables 0 and 1) and junk between markers", () => {
    expect(reason(ok)).toBe("ok");
    expect(reason([...soi, ...dqt(), 0x00, 0x42, ...sof(0xc0, grey), ...sos([[1, 0x11]]), ...data, ...eoi])).toBe("ok");
  });

  it("rejects a scan whose quantization table was never defined (APP0 length swallowing the DQT)", () => {
    expect(reason([...soi, 0xff, 0xe0, ...u16be(18), ...ascii("JFIF\0"), 1, 1, 0, ...u16be(1), ...u16be(1), 0, 0, ...dqt().slice(2), ...sof(0xc0, grey), ...sos([[1, 0]]), ...data, ...eoi])).toBe(
      "quantization table 0 is not defined",
    );
    expect(reason([...soi, ...dqt(1), ...sof(0xc0, grey), ...sos([[1, 0]]), ...data, ...eoi])).toBe("quantization table 0 is not defined");
  });

  it("rejects bad frame and scan headers", () => {
    expect(reason([...soi, ...dqt(), ...sof(0xc0, grey), ...sof(0xc1, grey), ...sos([[1, 0]]), ...data, ...eoi])).toBe("it has two frame headers");
    expect(reason([...soi, ...dqt(), ...sof(0xc0, [[1, 0x51, 0]]), ...sos([[1, 0]]), ...data, ...eoi])).toBe("its sampling factors are invalid");
    expect(reason([...soi, ...dqt(), ...sof(0xc0, grey), ...sos([[2, 0]]), ...data, ...eoi])).toBe("its scan names component 2, which the frame does not have (or twice)");
    const badLength = sos([[1, 0]]);
    badLength[4] = 9; // nine components announced in an eight-byte header
    expect(reason([...soi, ...dqt(), ...sof(0xc0, grey), ...badLength, ...data, ...eoi])).toBe("its scan header has a bad length");
    expect(reason([...soi, ...dqt(), ...sof(0xc0, grey), ...sos([[1, 0x22]]), ...data, ...eoi])).toBe("Huffman table 2 is not defined");
  });

  it("rejects markers libjpeg refuses: a second SOI, an EOI before the scan, a bad DRI, a short JFIF segment", () => {
    expect(reason([...soi, ...dqt(), ...soi, ...sof(0xc0, grey), ...sos([[1, 0]]), ...data, ...eoi])).toBe("it has a second start-of-image marker");
    expect(reason([...soi, ...dqt(), ...eoi, ...sof(0xc0, grey), ...sos([[1, 0]]), ...data, ...eoi])).toBe("it has no image (an end-of-image marker before the scan)");
    expect(reason([...soi, ...dqt(), 0xff, 0xdd, ...u16be(5), 0, 1, 0, ...sof(0xc0, grey), ...sos([[1, 0]]), ...data, ...eoi])).toBe("its restart interval segment has a bad length");
    expect(reason([...soi, 0xff, 0xe0, ...u16be(8), ...ascii("JFIF\0"), 1, ...dqt(), ...sof(0xc0, grey), ...sos([[1, 0]]), ...data, ...eoi])).toBe("its JFIF or Adobe segment is cut short");
  });

  it("reads every scan of a progressive image: tables, progression parameters, the end marker", () => {
    const head = [...soi, ...dqt(), ...sof(0xc2, grey), ...dht(0x00)];
    const acTable = dht(0x10);
    expect(reason([...head, ...sos([[1, 0]], 0, 0), ...data, ...acTable, ...sos([[1, 0]], 1, 63), ...data, ...eoi])).toBe("ok");
    expect(reason([...head, ...sos([[1, 0]], 0, 0), ...data, ...sos([[1, 0]], 1, 63), ...data, ...eoi])).toBe("Huffman table 0 is not defined");
    expect(reason([...head, ...sos([[1, 0]], 0, 63), ...data, ...eoi])).toBe("its progression parameters are invalid");
    expect(reason([...head, ...sos([[1, 0]], 0, 0), ...data, ...acTable, ...sos([[1, 0]], 1, 63), ...data])).toBe("it is cut short (no end-of-image marker after the scans)");
    const badLength = sos([[1, 0]], 1, 63);
    badLength[4] = 9;
    expect(reason([...head, ...sos([[1, 0]], 0, 0), ...data, ...acTable, ...badLength, ...data, ...eoi])).toBe("its scan header has a bad length");
  });

  it("rejects Huffman tables libjpeg's jpeg_make_d_derived_tbl refuses", () => {
    const base = (table: Bytes) => [...soi, ...dqt(), ...sof(0xc0, grey), ...table, ...sos([[1, 0]]), ...data, ...eoi];
    expect(reason(base(dht(0x00, [2], [0, 1])))).toBe("it has a bad Huffman table"); // two 1-bit codes: one is all ones
    expect(reason(base(dht(0x00, [1], [16])))).toBe("it has a bad Huffman table"); // a DC symbol above 15
    expect(reason(base(dht(0x00, [1, 1], [0, 1])))).toBe("ok");
    expect(reason(base(dht(0x04)))).toBe("it defines Huffman table 4");
  });
});

describe("TIFF as Pillow's _setup maps it and libtiff decodes it", () => {
  const entry = (tag: number, type: number, count: number, value: number): Bytes => [...u16le(tag), ...u16le(type), ...u32le(count), ...u32le(value)];
  /** A little-endian TIFF: the entries, then `data` at the offset returned by `at`. */
  function build(entries: (dataAt: number) => Bytes[], data: Bytes): Bytes {
    const n = entries(0).length;
    const dataAt = 8 + 2 + n * 12 + 4;
    return [...ascii("II*\0"), ...u32le(8), ...u16le(n), ...entries(dataAt).flat(), ...u32le(0), ...data];
  }
  const grey = (extra: (at: number) => Bytes[] = () => []) => (at: number) => [
    entry(256, 3, 1, 2),
    entry(257, 3, 1, 2),
    entry(258, 3, 1, 8),
    entry(262, 3, 1, 1),
    entry(273, 4, 1, at),
    entry(279, 4, 1, 4),
    ...extra(at),
  ];

  it("accepts an 8-bit greyscale strip and rejects a layout OPEN_INFO has no mode for", () => {
    expect(reason(build(grey(), [1, 2, 3, 4]))).toBe("ok");
    const twoBit = (at: number) => grey()(at).map((e) => (e[0] === 2 && e[1] === 1 ? entry(258, 3, 1, 3) : e));
    expect(reason(build(twoBit, [1, 2, 3, 4]))).toBe("its pixel layout is not one Pillow reads");
    const lostBits = (at: number) => grey()(at).filter((e) => !(e[0] === 2 && e[1] === 1)).map((e) => (e[0] === 6 && e[1] === 1 ? entry(262, 3, 1, 2) : e));
    // An RGB photometric that lost its BitsPerSample: the default (1,) for one sample, which OPEN_INFO lacks.
    expect(reason(build(lostBits, [1, 2, 3, 4]))).toBe("its pixel layout is not one Pillow reads");
    const threeSamples = (at: number) => [...grey()(at), entry(277, 3, 1, 3), entry(258, 3, 2, 0)];
    expect(reason(build(threeSamples, [1, 2, 3, 4]))).toBe("its bits per sample do not match its samples per pixel");
  });

  it("rejects a palette without a colour map, an unknown compression, and raw rows the file lacks", () => {
    const palette = (at: number) => grey()(at).map((e) => (e[0] === 6 && e[1] === 1 ? entry(262, 3, 1, 3) : e));
    expect(reason(build(palette, [1, 2, 3, 4]))).toBe("its palette image has no colour map");
    expect(reason(build(grey(() => [entry(259, 3, 1, 99)]), [1, 2, 3, 4]))).toBe("its compression (99) is not one Pillow knows");
    expect(reason(build(grey(), [1, 2, 3]))).toBe("its image data is cut short");
  });

  it("decodes a JPEG-compressed strip's headers with its JPEGTables, as libtiff hands them to libjpeg", () => {
    const tables = [0xff, 0xd8, 0xff, 0xdb, ...u16be(67), 0, ...new Array<number>(64).fill(1), 0xff, 0xd9];
    const strip = (comps: number, w = 2, h = 2) => [0xff, 0xd8, 0xff, 0xc0, ...u16be(8 + 3 * comps), 8, ...u16be(h), ...u16be(w), comps, ...Array.from({ length: comps }, (_, i) => [i + 1, 0x11, 0]).flat(), 0xff, 0xda, ...u16be(8), 1, 1, 0, 0, 63, 0, 0x12, 0x34, 0xff, 0xd9];
    const jpegTiff = (s: Bytes, withTables = true) =>
      build(
        (at) => [
          entry(256, 3, 1, 2),
          entry(257, 3, 1, 2),
          entry(258, 3, 1, 8),
          entry(259, 3, 1, 7),
          entry(262, 3, 1, 1),
          entry(273, 4, 1, at + tables.length),
          entry(279, 4, 1, s.length),
          ...(withTables ? [entry(347, 7, tables.length, at)] : []),
        ],
        [...tables, ...s],
      );
    expect(reason(jpegTiff(strip(1)))).toBe("ok");
    expect(reason(jpegTiff(strip(1), false))).toBe("its JPEG data: quantization table 0 is not defined");
    expect(reason(jpegTiff(strip(3)))).toBe("its JPEG data: its JPEG component count does not match the samples per pixel");
    expect(reason(jpegTiff(strip(1, 4, 2)))).toBe("its JPEG data: a strip's JPEG frame is larger than the strip");
  });
});
