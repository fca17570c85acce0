/**
 * Python's `len(str)`: code points, not UTF-16 units (a surrogate pair counts once, a lone
 * surrogate once). Shared by `str.format` padding and JSON Schema string lengths.
 */
export function codePointLength(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const d = text.charCodeAt(i + 1); // NaN past the end
    if (c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
      n--;
      i++;
    }
  }
  return n;
}
