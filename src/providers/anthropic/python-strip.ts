/** Python's `str.strip()` with no argument (Python's whitespace set, not JavaScript's `trim`). */
import { isPythonSpace } from "../openai/python-strings.js";

/**
 * Python's `s.strip()`.
 *
 * @example pythonStrip("\x1c {} \n") // "{}"
 */
export function pythonStrip(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && isPythonSpace(s[a]!)) a++;
  while (b > a && isPythonSpace(s[b - 1]!)) b--;
  return s.slice(a, b);
}
