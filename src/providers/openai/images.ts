/**
 * AutoGen `Image.to_openai_format()`: an image content part with a base64 data URI.
 */
import { IMAGE_MIME_TYPES as MIME, canonicalBase64, imageFormat } from "../../wire/image-data.js";
import type { OpenAIImagePart } from "./types.js";

/**
 * The data URI of an AutoGen image's base64 bytes. AutoGen re-encodes every image as PNG
 * first; an image encoder is not available everywhere this library runs, so the bytes are
 * passed through unchanged with their own MIME type (identical output for RGB PNG inputs), in
 * canonical base64 (text with line breaks or other characters Python's decoder skips is re-encoded).
 * Unrecognised bytes get `image/jpeg`, AutoGen's own fallback in `_convert_base64_to_data_uri`.
 *
 * @example imageDataUri("iVBORw0KGgo…") // "data:image/png;base64,iVBORw0KGgo…"
 */
export function imageDataUri(base64: string): string {
  const format = imageFormat(base64);
  return format ? `data:${MIME[format]};base64,${canonicalBase64(base64)}` : `data:image/jpeg;base64,${base64}`;
}

/**
 * The OpenAI content part for an AutoGen image (`{ data: "<base64>" }`), as
 * `Image.to_openai_format(detail)`. The message transformer never passes a detail, so
 * messages always carry the default `"auto"`.
 *
 * @example imagePart({ data: "iVBORw0KGgo…" }) // { type: "image_url", image_url: { url: "data:image/png;base64,…", detail: "auto" } }
 */
export function imagePart(
  image: { readonly data: string },
  detail: OpenAIImagePart["image_url"]["detail"] = "auto",
): OpenAIImagePart {
  return { type: "image_url", image_url: { url: imageDataUri(image.data), detail } };
}
