/**
 * Python `str` whitespace semantics. JavaScript's `trim`/`\s` use a different set (they
 * include U+FEFF and omit U+001C–U+001F and U+0085), and AutoGen's choices (drop the
 * message, strip the text) hinge on Python's set, so it is spelt out here.
 */

// Python's str.isspace() set: bidirectional class WS, B or S, plus the Zs separators.
const PY_WHITESPACE = new Set([
  "\t", "\n", "\v", "\f", "\r", "\x1c", "\x1d", "\x1e", "\x1f", " ", "\x85", "\xa0", "\u1680",
  "\u2000", "\u2001", "\u2002", "\u2003", "\u2004", "\u2005", "\u2006", "\u2007", "\u2008", "\u2009", "\u200a",
  "\u2028", "\u2029", "\u202f", "\u205f", "\u3000",
]);

/**
 * True when `ch` (one UTF-16 unit) is whitespace for Python's `str.isspace` / `str.strip`.
 *
 * @example isPythonSpace("\x1c") // true (JavaScript's \s says false)
 */
export function isPythonSpace(ch: string): boolean {
  return PY_WHITESPACE.has(ch);
}

/**
 * Python's `s.rstrip()` with no argument.
 *
 * @example pythonRstrip("text \n\x85") // "text"
 */
export function pythonRstrip(s: string): string {
  let end = s.length;
  while (end > 0 && isPythonSpace(s[end - 1]!)) end--;
  return s.slice(0, end);
}

/**
 * Python's `s.isspace()`: non-empty and whitespace only.
 *
 * @example pythonIsSpace(" \t") // true
 * @example pythonIsSpace("") // false
 */
export function pythonIsSpace(s: string): boolean {
  if (s.length === 0) return false;
  for (const ch of s) if (!isPythonSpace(ch)) return false;
  return true;
}
