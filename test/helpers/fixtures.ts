/** Reading the golden AutoGen fixtures and comparing dumps the way AutoGen's output is defined. */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL("../fixtures/", import.meta.url));

export interface FixtureRecord {
  name: string;
  [key: string]: unknown;
}

export function readJsonl(file: string): FixtureRecord[] {
  return readFileSync(here + file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as FixtureRecord);
}

export function readJson<T = unknown>(file: string): T {
  return JSON.parse(readFileSync(here + file, "utf8")) as T;
}

const deviations = readJson<Record<string, Record<string, string>>>("deviations.json");

/** Why a record is not compared, or null: SPEC §7's unportable cases and declared deviations. */
export function skipReason(file: string, rec: FixtureRecord): string | null {
  if (deviations[file]?.[rec.name]) return "declared-deviation";
  if (/unicode-version-sensitive/.test(rec.name)) return "unicode-version";
  if (/above-2\^(53|64)/.test(rec.name)) return "int-precision";
  if (rec.dump_nonfinite || rec.to_text_nondeterministic || rec.dump_error) return "python-only-value";
  return null;
}

/** Every string inside a value (used to recognise image bytes we kept but AutoGen re-encoded). */
export function stringsIn(v: unknown, out = new Set<string>()): Set<string> {
  if (typeof v === "string") out.add(v);
  else if (Array.isArray(v)) v.forEach((x) => stringsIn(x, out));
  else if (v && typeof v === "object") Object.values(v).forEach((x) => stringsIn(x, out));
  return out;
}

/**
 * Ordered deep comparison: same keys in the same order, same values. An image `{data}` that
 * AutoGen re-encoded to PNG matches when ours kept the input's bytes (SPEC §7.1).
 * Returns null when equal, else the first difference.
 */
export function orderedDiff(actual: unknown, expected: unknown, inputStrings: Set<string>, path = "$"): string | null {
  if (expected === null || typeof expected !== "object") {
    return Object.is(actual, expected) || actual === expected ? null : `${path}: ${JSON.stringify(actual)} != ${JSON.stringify(expected)}`;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${path}: expected an array`;
    if (actual.length !== expected.length) return `${path}: length ${actual.length} != ${expected.length}`;
    for (let i = 0; i < expected.length; i++) {
      const d = orderedDiff(actual[i], expected[i], inputStrings, `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (actual === null || typeof actual !== "object" || Array.isArray(actual)) return `${path}: expected an object`;
  const a = actual as Record<string, unknown>;
  const e = expected as Record<string, unknown>;
  const ek = Object.keys(e);
  if (ek.length === 1 && ek[0] === "data" && typeof e.data === "string" && typeof a.data === "string" && a.data !== e.data) {
    return inputStrings.has(a.data) && Object.keys(a).length === 1 ? null : `${path}.data differs`;
  }
  const ak = Object.keys(a);
  if (ak.join("\0") !== ek.join("\0")) return `${path}: keys [${ak}] != [${ek}]`;
  for (const k of ek) {
    const d = orderedDiff(a[k], e[k], inputStrings, `${path}.${k}`);
    if (d) return d;
  }
  return null;
}

/** Replaces the fields AutoGen generated (`id`, `created_at`) by the fixture's placeholder. */
export function maskGenerated(dumped: unknown, generated: unknown): unknown {
  if (!Array.isArray(generated) || !generated.length || !dumped || typeof dumped !== "object") return dumped;
  const out = { ...(dumped as Record<string, unknown>) };
  for (const f of generated as string[]) out[f] = typeof out[f] === "string" && out[f] ? "<generated>" : out[f];
  return out;
}

/** Recursively freezes a value so that any attempt to change it throws. */
export function deepFreeze<T>(v: T): T {
  if (v && typeof v === "object") {
    for (const x of Object.values(v)) deepFreeze(x);
    Object.freeze(v);
  }
  return v;
}

/**
 * Python's `json.dumps` text with its non-JSON `NaN`, `Infinity` and `-Infinity` written `null`
 * instead: what pydantic's own JSON writer (and the library's `dump`) writes for a non-finite
 * float. Tokens inside strings are left alone.
 */
export function nonFiniteAsNull(pythonJson: string): string {
  let out = "";
  let inString = false;
  for (let i = 0; i < pythonJson.length; i++) {
    const c = pythonJson[i]!;
    if (inString) {
      out += c;
      if (c === "\\") out += pythonJson[++i] ?? "";
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    const token = /^(?:-?Infinity|NaN)/.exec(pythonJson.slice(i, i + 9))?.[0];
    if (token) {
      out += "null";
      i += token.length - 1;
    } else out += c;
  }
  return out;
}
