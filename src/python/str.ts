/**
 * Python `str` semantics that JavaScript strings do not share. Whitespace: JavaScript's
 * `trim`/`\s` use a different set (they include U+FEFF and omit U+001C–U+001F and U+0085), and
 * AutoGen's choices (drop the message, strip the text, match a fence) hinge on Python's set.
 * Length: Python counts code points, JavaScript UTF-16 units.
 */

/**
 * Python's `len(str)`: code points, not UTF-16 units (a surrogate pair counts once, a lone
 * surrogate once). Shared by `str.format` padding and JSON Schema string lengths.
 *
 * @example codePointLength("a\u{1F600}") // 2 ("a😀".length is 3)
 */
export function codePointLength(text: string): number {
  // The string iterator yields a surrogate pair as one item and a lone surrogate as its own.
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/**
 * Python's `str.isspace()` set (bidirectional class WS, B or S, plus the Zs separators) as the
 * body of a regex character class, for patterns that reproduce Python's Unicode `\s`. Regex literals
 * in src/ spell it out (test/hostile.test.ts checks only literal patterns); test/python/str.test.ts
 * holds each to this one.
 *
 * @example new RegExp(`^[${PY_SPACE_CLASS}]+$`).test("\x1c\x85") // true
 */
export const PY_SPACE_CLASS = "\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";

/**
 * True when the UTF-16 unit `c` is whitespace for Python's `str.isspace` / `str.strip` (no
 * astral character is whitespace, so units suffice).
 *
 * @example isPySpaceCode(0x1c) // true (JavaScript's \s says false)
 * @example isPySpaceCode(0xfeff) // false (JavaScript's \s says true)
 */
export function isPySpaceCode(c: number): boolean {
  return (
    (c >= 0x09 && c <= 0x0d) ||
    (c >= 0x1c && c <= 0x20) ||
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/**
 * Python's `s.isspace()`: non-empty and whitespace only.
 *
 * @example pyIsSpace(" \t") // true
 * @example pyIsSpace("") // false
 */
export function pyIsSpace(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) if (!isPySpaceCode(s.charCodeAt(i))) return false;
  return true;
}

/**
 * Python's `s.strip()` with no argument.
 *
 * @example pyStrip("\x1c {} \n") // "{}"
 */
export function pyStrip(s: string): string {
  let end = s.length;
  let start = 0;
  while (start < end && isPySpaceCode(s.charCodeAt(start))) start++;
  while (end > start && isPySpaceCode(s.charCodeAt(end - 1))) end--;
  return s.slice(start, end);
}

/**
 * Python's `s.rstrip()` with no argument.
 *
 * @example pyRstrip("text \n\x85") // "text"
 */
export function pyRstrip(s: string): string {
  let end = s.length;
  while (end > 0 && isPySpaceCode(s.charCodeAt(end - 1))) end--;
  return s.slice(0, end);
}
