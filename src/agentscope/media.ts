/**
 * What the formatters need to know about media locations, without a file system or network:
 * Python's `urlparse(...).scheme`, data URIs, and the caller hooks that stand in for
 * AgentScope's temp files and downloads.
 */
import { AgentScopeError } from "./errors.js";

/**
 * Hooks for what AgentScope does with the file system and network, which a browser cannot.
 *
 * @example
 * const options: MediaHooks = { saveMedia: (mediaType, data) => uploadAndReturnUrl(mediaType, data) };
 */
export interface MediaHooks {
  /**
   * Where base64 media found in a tool result "can be found". AgentScope writes the bytes to
   * a temporary file (extension `"." + mediaType.split("/").pop()`) and puts its path in the
   * text sent to the model. Default: a `data:` URI of the media, so nothing is written and the
   * location still holds the bytes.
   */
  saveMedia?: (mediaType: string, base64Data: string) => string;
  /**
   * The base64 bytes of a web URL, for the blocks AgentScope downloads (OpenAI audio URLs,
   * Gemini media URLs). Default: throw `AgentScopeError` of type `DownloadRequired`.
   */
  downloadMedia?: (url: string) => string;
  /** Called with each warning AgentScope would log (e.g. a skipped block). Default: ignored. */
  onWarning?: (message: string) => void;
}

/**
 * Python's `urlparse(url).scheme` (lower-cased; `""` when there is none).
 *
 * @example urlScheme("https://example.com/a.png") // "https"
 * @example urlScheme("/tmp/a.png") // ""
 */
export function urlScheme(url: string): string {
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(url);
  return m ? m[1]!.toLowerCase() : "";
}

/**
 * Whether Python would take the location as a web URL (not a local path or `file://`). This
 * port has no file system, so a local path is never found and takes Python's "not a file" branch.
 *
 * @example isWebUrl("file:///tmp/a.png") // false
 */
export function isWebUrl(url: string): boolean {
  const scheme = urlScheme(url.startsWith("file://") ? url.slice(7) : url);
  return scheme !== "" && scheme !== "file";
}

/**
 * Splits a base64 `data:` URI into its media type and data, or `null`.
 *
 * @example parseDataUri("data:image/png;base64,iVBO") // { mediaType: "image/png", data: "iVBO" }
 */
export function parseDataUri(url: string): { mediaType: string; data: string } | null {
  const m = /^data:([^;,]*);base64,(.*)$/s.exec(url);
  return m ? { mediaType: m[1]!, data: m[2]! } : null;
}

/**
 * The default {@link MediaHooks.saveMedia}: a `data:` URI instead of a temp file path.
 *
 * @example dataUriLocation("image/png", "iVBO") // "data:image/png;base64,iVBO"
 */
export function dataUriLocation(mediaType: string, base64Data: string): string {
  return `data:${mediaType};base64,${base64Data}`;
}

/**
 * The base64 bytes of a web URL through {@link MediaHooks.downloadMedia}, or the error saying
 * one is needed.
 *
 * @example download("https://example.com/a.mp3", { downloadMedia: () => "SUQz" }) // "SUQz"
 */
export function download(url: string, hooks: MediaHooks): string {
  if (hooks.downloadMedia) return hooks.downloadMedia(url);
  throw new AgentScopeError(
    "DownloadRequired",
    "",
    `AgentScope downloads ${url} here; pass a downloadMedia hook (or use a base64 source)`,
  );
}
