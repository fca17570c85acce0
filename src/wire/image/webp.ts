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

/** A frame as the demuxer records it; `num` stays 0 until an image-bearing chunk is stored. */
interface Frame {
  x: number;
  y: number;
  w: number;
  h: number;
  num: number;
  complete: boolean;
  image: number;
  alpha: number;
  alphaSize: number;
}

/** A refusal, thrown through the recursive descent and caught by {@link checkWebp}. */
class Refused {
  constructor(readonly reason: string) {}
}

function refuse(reason: string): never {
  throw new Refused(reason);
}

/** `WebPGetFeatures` on one VP8 / VP8L chunk (header included): the bitstream's size. */
function features(b: Bytes, at: number, size: number): [number, number] {
  const data = at + 8;
  if (b.fourcc(at) === "VP8 ") {
    // VP8GetInfo: a shown key frame of profile <= 3 whose first partition fits the declared
    // chunk size, the start code, and non-zero 14-bit dimensions.
    const tag = b.uint(data, 3);
    const [w, h] = [b.uint(data + 6, 2) & 0x3fff, b.uint(data + 8, 2) & 0x3fff];
    const bad = size < 18 || b.uint(data + 3, 3, true) !== 0x9d012a || tag & 1 || ((tag >> 1) & 7) > 3 || !((tag >> 4) & 1);
    if (bad || tag >> 5 >= b.uint(at + 4, 4) || !w || !h) refuse("its VP8 bitstream header is invalid");
    return [w, h];
  }
  // VP8LGetInfo: signature byte, 14-bit width-1 and height-1, alpha bit, version 0.
  if (size < 13 || b.u8(data) !== 0x2f || b.u8(data + 4) >> 5) refuse("its VP8L bitstream header is invalid");
  const bits = b.uint(data + 1, 4);
  return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
}

/** Parses the RIFF `b[0, end)` as WebPDemux does; returns why it refuses it, or null. */
function demux(b: Bytes, end: number): string | null {
  let flags = 0;
  let extended = false;
  let [canvasW, canvasH] = [-1, -1];
  const frames: Frame[] = [];

  /** A chunk header at `pos`: fourcc and padded payload size, which must fit in the RIFF. */
  const chunk = (pos: number): [string, number] => {
    const fourcc = b.fourcc(pos);
    const size = b.uint(pos + 4, 4);
    const padded = size + (size & 1);
    if (size > MAX_CHUNK_PAYLOAD || padded > end - pos - 8) refuse(`its ${fourcc.trim()} chunk is cut short`);
    return [fourcc, padded];
  };

  /** StoreFrame: the ALPH / VP8 / VP8L chunks from `pos` into `frame`; returns where it stopped. */
  const storeFrame = (pos: number, num: number, minSize: number, frame: Frame): number => {
    if (end - pos < 8 || end - pos < minSize) refuse("a frame is cut short");
    let [alphas, images] = [0, 0];
    for (;;) {
      const start = pos;
      const [fourcc, n] = chunk(pos);
      let done = false;
      if (fourcc === "VP8L" && alphas) refuse("its VP8L image follows an ALPH chunk"); // VP8L has its own alpha
      if (fourcc === "ALPH" && !alphas++) {
        Object.assign(frame, { alpha: start, alphaSize: 8 + n, num });
        pos += 8 + n;
      } else if ((fourcc === "VP8 " || fourcc === "VP8L") && !images++) {
        const [w, h] = features(b, start, 8 + n);
        Object.assign(frame, { image: start, w, h, num, complete: true });
        pos += 8 + n;
      } else {
        done = true; // anything else (or a second image / alpha chunk) ends the frame
      }
      if (pos === end) return pos;
      if (end - pos < 8) refuse("it ends inside a chunk header");
      if (done) return pos;
    }
  };

  const newFrame = (): Frame => ({ x: 0, y: 0, w: 0, h: 0, num: 0, complete: false, image: 0, alpha: 0, alphaSize: 0 });

  /** ParseSingleImage: one still image (the whole file, or inside VP8X). */
  const singleImage = (pos: number): number => {
    if (frames.length) refuse("it has two images");
    if (end - pos < 8) refuse("its image chunk is cut short");
    const frame = newFrame();
    pos = storeFrame(pos, 1, 0, frame);
    if (!(flags & 0x10)) frame.alphaSize = 0; // the alpha flag missing: the alpha is dropped
    if (!extended && frame.w > 0 && frame.h > 0) [canvasW, canvasH] = [frame.w, frame.h];
    frames.push(frame);
    return pos;
  };

  /** ParseAnimationFrame: an ANMF chunk's header and the image chunks right after it. */
  const animationFrame = (pos: number, size: number, animation: boolean): number => {
    if (end - pos < 16 || size < 16) refuse("its ANMF chunk is too short");
    const frame = newFrame();
    Object.assign(frame, { x: 2 * b.uint(pos, 3), y: 2 * b.uint(pos + 3, 3), w: 1 + b.uint(pos + 6, 3), h: 1 + b.uint(pos + 9, 3) });
    if (frame.w * frame.h >= MAX_IMAGE_AREA) refuse("a frame is too large");
    const start = pos + 16;
    pos = storeFrame(start, frames.length + 1, size - 16, frame);
    if (pos - start > size - 16) refuse("a frame overruns its ANMF chunk");
    // Frames are kept only in an animation, and only once they hold an image-bearing chunk.
    if (animation && frame.num > 0) {
      if (frames.length && !frames[frames.length - 1]!.complete) refuse("a frame is incomplete");
      frames.push(frame);
    }
    return pos;
  };

  if (b.fourcc(12) !== "VP8X") {
    singleImage(12); // VP8 or VP8L (Pillow's _accept already required one of the three)
  } else {
    // ParseVP8X, then ParseVP8XChunks.
    extended = true;
    const size = b.uint(16, 4);
    const padded = size + (size & 1);
    if (size < 10 || size > MAX_CHUNK_PAYLOAD || padded > end - 20) refuse("its VP8X chunk is invalid");
    flags = b.u8(20);
    [canvasW, canvasH] = [1 + b.uint(24, 3), 1 + b.uint(27, 3)];
    if (canvasW * canvasH >= MAX_IMAGE_AREA) refuse("its canvas is too large");
    let pos = 20 + padded;
    if (end - pos < 8) refuse("it has nothing after its VP8X chunk");
    const animation = (flags & 2) !== 0;
    let anim = false;
    for (;;) {
      const start = pos;
      const [fourcc, n] = chunk(pos);
      pos += 8;
      if (fourcc === "VP8X") refuse("it has two VP8X chunks");
      if (fourcc === "ALPH" || fourcc === "VP8 " || fourcc === "VP8L") {
        if (anim || animation) refuse("it has an image outside the frames of its animation");
        pos = singleImage(start);
      } else if (fourcc === "ANIM") {
        if (n < 6) refuse("its ANIM chunk is too short");
        anim = true;
        pos += n;
      } else if (fourcc === "ANMF") {
        if (!anim) refuse("an ANMF chunk comes before the ANIM chunk");
        pos = animationFrame(pos, n, animation);
      } else {
        pos += n; // ICCP, EXIF, XMP and unknown chunks are skipped
      }
      if (pos === end) break;
      if (end - pos < 8) refuse("it ends inside a chunk header");
    }
  }

  // IsValidSimpleFormat / IsValidExtendedFormat.
  if (canvasW <= 0 || canvasH <= 0 || !frames.length) return "it has no image";
  if (!extended) return null;
  if (flags & ~0x3e) return "its VP8X flags are invalid";
  const animation = (flags & 2) !== 0;
  for (const f of frames) {
    if (!f.complete) return "a frame has no image";
    if (f.alphaSize > 0 && f.alpha > f.image) return "an ALPH chunk follows its image";
    const fits = animation
      ? f.x + f.w <= canvasW && f.y + f.h <= canvasH
      : !f.x && !f.y && f.w === canvasW && f.h === canvasH;
    if (!fits) return `a ${f.w}×${f.h} frame does not fit its ${canvasW}×${canvasH} canvas`;
  }
  return checkSize(canvasW, canvasH);
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
  try {
    return demux(b, 8 + riffSize);
  } catch (e) {
    if (e instanceof Refused) return e.reason;
    throw e;
  }
}
