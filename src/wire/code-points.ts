/**
 * Python's `len(str)`: code points, not UTF-16 units (a surrogate pair counts once, a lone
 * surrogate once). Shared by `str.format` padding and JSON Schema string lengths.
 */
export function codePointLength(text: string): number {
  return text.length - (text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0);
}
