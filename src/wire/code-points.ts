/**
 * Python's `len(str)`: code points, not UTF-16 units (a surrogate pair counts once, a lone
 * surrogate once). Shared by `str.format` padding and JSON Schema string lengths.
 */
export function codePointLength(text: string): number {
  // The string iterator yields a surrogate pair as one item and a lone surrogate as its own.
  let n = 0;
  for (const _ of text) n++;
  return n;
}
