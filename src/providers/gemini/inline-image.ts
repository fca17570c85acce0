/**
 * AutoGen images as Gemini `inlineData` parts.
 */
import type { IssuePath } from "../../errors.js";
import { IMAGE_MIME_TYPES as MIME, imageDataUri, imageFormat } from "../../wire/image-data.js";
import { GeminiConversionError } from "./errors.js";
import type { GeminiPart } from "./types.js";

/**
 * The MIME type and canonical base64 of AutoGen image data, or `null` when the bytes are not an
 * image AutoGen accepts. Canonical input is returned as the same string; text with line breaks
 * or other characters Python's decoder skips is re-encoded (same bytes, clean base64).
 */
export function canonicalImage(data: string): { mimeType: string; data: string } | null {
  const format = imageFormat(data);
  if (format === null) return null;
  const uri = imageDataUri(data);
  return { mimeType: MIME[format], data: uri.slice(uri.indexOf(",") + 1) };
}

/**
 * The `inlineData` part for an AutoGen image (`{ data: "<base64>" }`): the MIME type is read
 * from the bytes' signature, and the base64 is sent in canonical form (line breaks and other
 * characters Python's decoder skips are removed by re-encoding), because Gemini decodes it
 * strictly. Bytes no image format recognises are an error rather than a guessed type.
 */
export function inlineImagePart(image: unknown, path: IssuePath): GeminiPart {
  const data = typeof image === "object" && image !== null ? (image as { data?: unknown }).data : undefined;
  if (typeof data !== "string") throw new GeminiConversionError(path, "expected a string or an image object { data: <base64> }");
  const blob = canonicalImage(data);
  if (blob === null) throw new GeminiConversionError([...path, "data"], "not base64 image data in a format AutoGen accepts");
  return { inlineData: blob };
}
