/**
 * WEBP as Pillow 9.4 opens it: `_webp.WebPAnimDecoder(data)`, i.e. libwebp 1.2's `WebPDemux` on
 * the whole file (no partial data), which parses the RIFF and its chunks and validates the frame
 * layout before anything is decoded; a refusal is Pillow's `OSError: could not create decoder
 * object`. Mirrors `demux.c` (ReadHeader, ParseSingleImage, ParseVP8X, ParseVP8XChunks,
 * ParseAnimationFrame, StoreFrame, IsValidSimpleFormat / IsValidExtendedFormat) and the bitstream
 * headers `WebPGetFeatures` reads (VP8GetInfo, VP8LGetInfo). Pixels are not decoded.
 */
import { checkSize, type Bytes } from "./bytes.js";

const MAX_CHUNK_PAYLOAD = 2 ** 32 - 10;
const MAX_IMAGE_AREA = 2 ** 32;
const ANIMATION_FLAG = 0x02;
const ALPHA_FLAG = 0x10;
const ALL_VALID_FLAGS = 0x3e;

/** A frame as the demuxer records it. */
interface Frame {
  x: number;
  y: number;
  width: number;
  height: number;
  /** 0 until an image-bearing chunk is stored. */
  num: number;
  complete: boolean;
  imageAt: number;
  imageSize: number;
  alphaAt: number;
  alphaSize: number;
}

const newFrame = (): Frame => ({ x: 0, y: 0, width: 0, height: 0, num: 0, complete: false, imageAt: 0, imageSize: 0, alphaAt: 0, alphaSize: 0 });

/** A parse failure: the reason, thrown through the recursive descent and caught by {@link checkWebp}. */
class Refused {
  constructor(readonly reason: string) {}
}

function refuse(reason: string): never {
  throw new Refused(reason);
}

/** `WebPGetFeatures` on one VP8 / VP8L chunk (header included): the bitstream's size. */
function features(b: Bytes, at: number, size: number): { width: number; height: number } {
  const data = at + 8;
  const available = size - 8;
  if (b.fourcc(at) === "VP8 ") {
    // VP8GetInfo: a shown key frame of profile <= 3 whose first partition fits the declared
    // chunk size, the start code, and non-zero 14-bit dimensions.
    const tag = b.uint(data, 3);
    const [width, height] = [b.uint(data + 6, 2) & 0x3fff, b.uint(data + 8, 2) & 0x3fff];
    if (available < 10 || b.uint(data + 3, 3, true) !== 0x9d012a || tag & 1 || ((tag >> 1) & 7) > 3 || !((tag >> 4) & 1)) {
      refuse("its VP8 bitstream header is invalid");
    }
    if (tag >> 5 >= b.uint(at + 4, 4) || width === 0 || height === 0) refuse("its VP8 bitstream header is invalid");
    return { width, height };
  }
  // VP8LGetInfo: signature byte, 14-bit width-1 and height-1, alpha bit, version 0.
  if (available < 5 || b.u8(data) !== 0x2f || b.u8(data + 4) >> 5 !== 0) refuse("its VP8L bitstream header is invalid");
  const bits = b.uint(data + 1, 4);
  return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
}

class Demuxer {
  /** Where the RIFF chunk ends; nothing past it is read. */
  readonly end: number;
  flags = 0;
  isExtended = false;
  canvasWidth = -1;
  canvasHeight = -1;
  readonly frames: Frame[] = [];

  constructor(
    private readonly b: Bytes,
    riffEnd: number,
  ) {
    this.end = riffEnd;
  }

  /** Reads a chunk header at `pos`: its fourcc and padded payload size, which must fit in the RIFF. */
  private chunk(pos: number): { fourcc: string; size: number; padded: number } {
    const fourcc = this.b.fourcc(pos);
    const size = this.b.uint(pos + 4, 4);
    if (size > MAX_CHUNK_PAYLOAD) refuse(`its ${fourcc.trim()} chunk size is invalid`);
    const padded = size + (size & 1);
    if (padded > this.end - pos - 8) refuse(`the ${fourcc.trim()} chunk is cut short`);
    return { fourcc, size, padded };
  }

  /** StoreFrame: the ALPH / VP8 / VP8L chunks from `pos` into `frame`; returns where it stopped. */
  private storeFrame(pos: number, num: number, minSize: number, frame: Frame): number {
    if (this.end - pos < 8 || this.end - pos < minSize) refuse("a frame is cut short");
    let alphaChunks = 0;
    let imageChunks = 0;
    for (;;) {
      const start = pos;
      const { fourcc, padded } = this.chunk(pos);
      let done = false;
      if (fourcc === "VP8L" && alphaChunks > 0) refuse("its VP8L image follows an ALPH chunk"); // VP8L carries its own alpha
      if (fourcc === "ALPH" && alphaChunks === 0) {
        alphaChunks++;
        Object.assign(frame, { alphaAt: start, alphaSize: 8 + padded, num });
        pos += 8 + padded;
      } else if ((fourcc === "VP8 " || fourcc === "VP8L") && imageChunks === 0) {
        const { width, height } = features(this.b, start, 8 + padded);
        imageChunks++;
        Object.assign(frame, { imageAt: start, imageSize: 8 + padded, width, height, num, complete: true });
        pos += 8 + padded;
      } else {
        done = true; // anything else (or a second image / alpha chunk) ends the frame
      }
      if (pos === this.end) return pos;
      if (this.end - pos < 8) refuse("it ends inside a chunk header");
      if (done) return pos;
    }
  }

  /** ParseSingleImage: one still image (the whole file, or inside VP8X). */
  parseSingleImage(pos: number): number {
    if (this.frames.length > 0) refuse("it has two images");
    if (this.end - pos < 8) refuse("its image chunk is cut short");
    const frame = newFrame();
    pos = this.storeFrame(pos, 1, 0, frame);
    if (!(this.flags & ALPHA_FLAG) && frame.alphaSize > 0) Object.assign(frame, { alphaAt: 0, alphaSize: 0 });
    if (!this.isExtended && frame.width > 0 && frame.height > 0) {
      this.canvasWidth = frame.width;
      this.canvasHeight = frame.height;
    }
    this.frames.push(frame);
    return pos;
  }

  /** ParseVP8X and ParseVP8XChunks. */
  parseVP8X(pos: number): void {
    const b = this.b;
    this.isExtended = true;
    const size = b.uint(pos + 4, 4);
    if (size > MAX_CHUNK_PAYLOAD || size < 10) refuse("its VP8X chunk is invalid");
    const padded = size + (size & 1);
    if (padded > this.end - pos - 8) refuse("its VP8X chunk is cut short");
    this.flags = b.u8(pos + 8);
    this.canvasWidth = 1 + b.uint(pos + 12, 3);
    this.canvasHeight = 1 + b.uint(pos + 15, 3);
    if (this.canvasWidth * this.canvasHeight >= MAX_IMAGE_AREA) refuse("its canvas is too large");
    pos += 8 + padded;
    if (this.end - pos < 8) refuse("it has nothing after its VP8X chunk");
    const isAnimation = (this.flags & ANIMATION_FLAG) !== 0;
    let animChunks = 0;
    for (;;) {
      const start = pos;
      const { fourcc, padded: n } = this.chunk(pos);
      pos += 8;
      if (fourcc === "VP8X") refuse("it has two VP8X chunks");
      if (fourcc === "ALPH" || fourcc === "VP8 " || fourcc === "VP8L") {
        if (animChunks > 0 || isAnimation) refuse("it has an image chunk outside the frames of an animation");
        pos = this.parseSingleImage(start);
      } else if (fourcc === "ANIM") {
        if (n < 6) refuse("its ANIM chunk is too short");
        animChunks++;
        pos += n;
      } else if (fourcc === "ANMF") {
        if (animChunks === 0) refuse("an ANMF chunk comes before the ANIM chunk");
        pos = this.parseAnimationFrame(pos, n, isAnimation);
      } else {
        pos += n; // ICCP, EXIF, XMP and unknown chunks are skipped
      }
      if (pos === this.end) return;
      if (this.end - pos < 8) refuse("it ends inside a chunk header");
    }
  }

  /** ParseAnimationFrame: an ANMF chunk's header and the image chunks right after it. */
  private parseAnimationFrame(pos: number, chunkSize: number, isAnimation: boolean): number {
    const b = this.b;
    if (this.end - pos < 16 || chunkSize < 16) refuse("its ANMF chunk is too short");
    const frame = newFrame();
    frame.x = 2 * b.uint(pos, 3);
    frame.y = 2 * b.uint(pos + 3, 3);
    frame.width = 1 + b.uint(pos + 6, 3);
    frame.height = 1 + b.uint(pos + 9, 3);
    if (frame.width * frame.height >= MAX_IMAGE_AREA) refuse("a frame is too large");
    pos += 16;
    const start = pos;
    pos = this.storeFrame(pos, this.frames.length + 1, chunkSize - 16, frame);
    if (pos - start > chunkSize - 16) refuse("a frame's chunks overrun its ANMF chunk");
    // Frames are kept only in an animation, and only once they hold an image-bearing chunk.
    if (isAnimation && frame.num > 0) {
      if (this.frames.length > 0 && !this.frames[this.frames.length - 1]!.complete) refuse("a frame is incomplete");
      this.frames.push(frame);
    }
    return pos;
  }

  /** IsValidSimpleFormat / IsValidExtendedFormat; the reason the demuxer refuses, or null. */
  invalid(): string | null {
    if (this.canvasWidth <= 0 || this.canvasHeight <= 0) return "it has no image";
    if (this.frames.length === 0) return "it has no image";
    if (!this.isExtended) {
      const f = this.frames[0]!;
      return f.width > 0 && f.height > 0 ? null : "it has no image";
    }
    if (this.flags & ~ALL_VALID_FLAGS) return "its VP8X flags are invalid";
    const isAnimation = (this.flags & ANIMATION_FLAG) !== 0;
    for (const f of this.frames) {
      if (!isAnimation && f.num > 1) return "it has frames but is not an animation";
      if (!f.complete) return "a frame has no image";
      if (f.alphaSize === 0 && f.imageSize === 0) return "a frame has no image";
      if (f.alphaSize > 0 && f.alphaAt > f.imageAt) return "an ALPH chunk follows its image";
      if (f.width <= 0 || f.height <= 0) return "a frame has no size";
      const fits = isAnimation
        ? f.x + f.width <= this.canvasWidth && f.y + f.height <= this.canvasHeight
        : f.x === 0 && f.y === 0 && f.width === this.canvasWidth && f.height === this.canvasHeight;
      if (!fits) return `a ${f.width}×${f.height} frame does not fit its ${this.canvasWidth}×${this.canvasHeight} canvas`;
    }
    return null;
  }
}

/**
 * WEBP: null when libwebp's demuxer accepts the file (Pillow then opens it), else why not.
 *
 * @example checkWebp(bytes) // "a 69×4 frame does not fit its 5×4 canvas"
 */
export function checkWebp(b: Bytes): string | null {
  if (b.length < 20) return "its header is cut short";
  const riffSize = b.uint(4, 4);
  if (riffSize < 8 || riffSize > MAX_CHUNK_PAYLOAD) return "its RIFF header is invalid";
  if (8 + riffSize > b.length) return "it is cut short"; // WebPDemux takes no partial file
  const d = new Demuxer(b, 8 + riffSize);
  try {
    // The chunk at 12 picks the parser (Pillow's _accept already required one of the three).
    if (b.fourcc(12) === "VP8X") d.parseVP8X(12);
    else d.parseSingleImage(12);
  } catch (e) {
    if (e instanceof Refused) return e.reason;
    throw e;
  }
  return d.invalid() ?? checkSize(d.canvasWidth, d.canvasHeight);
}
