/**
 * Python `float`: the marker that keeps an integral value a float (`21.0`, not `21`), and
 * CPython 3.11's `repr()` of a float (`float_repr_style` 'short'), which `str`, `json.dumps`
 * and `str.format` build on.
 */

/**
 * Marks a JS number as a Python `float`, so that integral values keep their float form.
 * Plain JS numbers render as `int` when integral (but not `-0`: Python ints have no negative zero), else as `float`.
 *
 * @example pyRepr(new PyFloat(21)) // "21.0"   (pyRepr(21) is "21")
 */
export class PyFloat {
  constructor(readonly value: number) {}
}

/**
 * Whether a plain JS number stands for a Python `int`: integral and not `-0`. Python ints have
 * no negative zero, so a `-0` (JSON `-0.0`, or `-0`, which Python's encoders never write for an
 * int) can only have been a float.
 *
 * @example [isPyInt(3), isPyInt(-0), isPyInt(0.5)] // [true, false, false]
 */
export function isPyInt(n: number): boolean {
  return Number.isInteger(n) && !Object.is(n, -0);
}

/**
 * Python `repr()` of a `float` (`float_repr_style` 'short'): the shortest digits that round-trip,
 * positional for 1e-4 ≤ |x| < 1e16 (always with a fractional part), otherwise exponent form
 * with a signed, at-least-two-digit exponent.
 *
 * @example pyReprFloat(21) // "21.0"
 * @example pyReprFloat(1e-5) // "1e-05"
 * @example pyReprFloat(1e16) // "1e+16"
 */
export function pyReprFloat(n: number): string {
  if (n !== n) return "nan";
  if (n === Infinity) return "inf";
  if (n === -Infinity) return "-inf";
  return shortestFloat(n, 1e-4, exponentForm);
}

/**
 * A finite float in its shortest round-trip digits, the layout Python's `repr` and pydantic's
 * ryu share: positional for `positionalFrom` ≤ |n| < 1e16 (with `.0` when integral), zero as
 * `0.0`/`-0.0`, else the sign and `exponentForm(|n|)`.
 *
 * @example shortestFloat(1e-5, 1e-5, (a) => a.toExponential()) // "0.00001"
 */
export function shortestFloat(n: number, positionalFrom: number, exponentForm: (abs: number) => string): string {
  const abs = Math.abs(n);
  // In this range JS's Number::toString is positional too, with the same shortest digits.
  if (abs >= positionalFrom && abs < 1e16) {
    const s = String(n);
    return Number.isInteger(n) ? s + ".0" : s;
  }
  if (abs === 0) return Object.is(n, -0) ? "-0.0" : "0.0";
  return (n < 0 ? "-" : "") + exponentForm(abs);
}

/** `d[.ddd]e±XX` from JS's shortest digits (`toExponential()` with no argument). */
function exponentForm(abs: number): string {
  const [mantissa, exp] = abs.toExponential().split("e") as [string, string];
  return mantissa + exponentText(Number(exp));
}

/**
 * Python's exponent suffix (repr and the `e`/`g` format types): `e`, the sign and at least two
 * digits.
 *
 * @example exponentText(-5) // "e-05"
 */
export function exponentText(exp: number): string {
  return (exp < 0 ? "e-" : "e+") + String(Math.abs(exp)).padStart(2, "0");
}
