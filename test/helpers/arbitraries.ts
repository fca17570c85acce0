/**
 * fast-check arbitraries derived from the zod schemas themselves: the generator walks
 * `schema._zod.def` (objects in shape order, arrays, unions, literals, enums, nullable and
 * defaulted fields) and recognises the wire field schemas through `wireFields`, so there is
 * no second list of fields to keep in sync with src/.
 *
 * The values generated are canonical: what `load` returns for them is the value itself
 * (every defaulted field present, datetimes normalised, images as `{ data }`).
 */
import fc from "fast-check";
import type * as z from "zod/mini";
import {
  AGENT_EVENT_SCHEMAS,
  CHAT_MESSAGE_SCHEMAS,
  EXTRA_EVENT_SCHEMAS,
  LLM_MESSAGE_SCHEMAS,
  StructuredMessage,
} from "../../src/index.js";
import { kindName, type KindSchema } from "../../src/kinds.js";
import { wireFields } from "../../src/wire/fields.js";
import { readJsonl } from "./fixtures.js";

export { zodDef as defOf } from "../../src/zod-def.js";
import { zodDef as defOf } from "../../src/zod-def.js";

/** Sets an own data property even for `__proto__` (as `JSON.parse` does). */
export function setData(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Builds a plain object from entries without ever calling the `__proto__` setter. */
export function objectOf(entries: ReadonlyArray<readonly [string, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) setData(out, k, v);
  return out;
}

/** The PNG images AutoGen wrote in the golden fixtures (known-valid base64). */
export const FIXTURE_PNGS: readonly string[] = (() => {
  const found = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") {
      const o = v as Record<string, unknown>;
      const keys = Object.keys(o);
      if (keys.length === 1 && keys[0] === "data" && typeof o.data === "string" && o.data.startsWith("iVBORw0KGgo")) found.add(o.data);
      Object.values(o).forEach(walk);
    }
  };
  for (const rec of readJsonl("autogen/messages.jsonl")) walk(rec.dump);
  return [...found].sort((a, b) => a.length - b.length).slice(0, 4);
})();

/** Strings: ordinary text, any code point, and arbitrary UTF-16 code units (lone surrogates included). */
export const anyString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: "binary", maxLength: 8 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 8 }),
);

/** Object keys, with the prototype-related names mixed in. */
export const anyKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: anyString },
  { weight: 1, arbitrary: fc.constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "__class__") },
);

const pad = (n: number, w: number) => String(n).padStart(w, "0");

/** A datetime as pydantic writes it: `YYYY-MM-DDTHH:MM:SS.ffffffZ` (no fraction when it is zero), or naive. */
export const canonicalDatetime: fc.Arbitrary<string> = fc
  .record({
    y: fc.integer({ min: 1, max: 9999 }),
    mo: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 28 }),
    h: fc.integer({ min: 0, max: 23 }),
    mi: fc.integer({ min: 0, max: 59 }),
    s: fc.integer({ min: 0, max: 59 }),
    us: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 999_999 })),
    zone: fc.constantFrom("Z", "Z", ""),
  })
  .map(({ y, mo, d, h, mi, s, us, zone }) => `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)}T${pad(h, 2)}:${pad(mi, 2)}:${pad(s, 2)}${us ? `.${pad(us, 6)}` : ""}${zone}`);

/** A finite double; `-0` is written as `0` (JSON text cannot carry the sign of zero through `JSON.stringify`). */
const finiteDouble = fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => (Object.is(x, -0) ? 0 : x));

/** JSON data as `JSON.parse` produces it (own `__proto__` keys included). */
export const jsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown; object: Record<string, unknown> }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.maxSafeInteger(),
    finiteDouble,
    anyString,
    fc.array(tie("value"), { maxLength: 4 }),
    tie("object"),
  ),
  object: fc.uniqueArray(fc.tuple(anyKey, tie("value")), { selector: (e) => e[0], maxLength: 5 }).map(objectOf),
})).value;

export const jsonObject: fc.Arbitrary<Record<string, unknown>> = fc
  .uniqueArray(fc.tuple(anyKey, jsonValue), { selector: (e) => e[0], maxLength: 5 })
  .map(objectOf);

const stringMap = fc.uniqueArray(fc.tuple(anyKey, anyString), { selector: (e) => e[0], maxLength: 5 }).map(objectOf);

/** The `type` of a structured message, the one field whose zod schema is a `z.custom` check. */
export const structuredType = anyString.filter((s) => s.length > 0).map((name) => `StructuredMessage[${name}]`);

export interface DeriveOptions {
  /** Arbitraries for schemas the walker cannot derive (e.g. `z.custom`), keyed by the schema object. */
  readonly overrides?: ReadonlyMap<z.core.$ZodType, fc.Arbitrary<unknown>>;
}

const cache = new WeakMap<z.core.$ZodType, fc.Arbitrary<unknown>>();

/** The arbitrary of canonical values of `schema`, derived from its definition. */
export function arbitraryFor(schema: z.core.$ZodType, options: DeriveOptions = {}): fc.Arbitrary<unknown> {
  const override = options.overrides?.get(schema);
  if (override) return override;
  if (!options.overrides) {
    const hit = cache.get(schema);
    if (hit) return hit;
  }
  const arb = derive(schema, options);
  if (!options.overrides) cache.set(schema, arb);
  return arb;
}

function derive(schema: z.core.$ZodType, options: DeriveOptions): fc.Arbitrary<unknown> {
  const meta = wireFields.get(schema);
  if (meta) {
    switch (meta.kind) {
      case "int":
        return fc.maxSafeInteger();
      case "float":
        return finiteDouble;
      case "bool":
        return fc.boolean();
      case "datetime":
        return canonicalDatetime;
      case "image":
        return fc.constantFrom(...FIXTURE_PNGS).map((data) => ({ data }));
      case "string-map":
        return stringMap;
      case "json-object":
        return jsonObject;
    }
  }
  const def = defOf(schema);
  switch (def.type) {
    case "object": {
      const keys = Object.keys(def.shape!);
      const arbs = keys.map((k) => arbitraryFor(def.shape![k]!, options));
      return fc.tuple(...arbs).map((values) => objectOf(keys.map((k, i) => [k, values[i]] as const)));
    }
    case "array":
      return fc.array(arbitraryFor(def.element!, options), { maxLength: 4 });
    case "union":
      return fc.oneof(...def.options!.map((o) => arbitraryFor(o, options)));
    case "literal":
      return fc.constantFrom(...def.values!);
    case "enum":
      return fc.constantFrom(...Object.values(def.entries!));
    case "nullable":
      return fc.option(arbitraryFor(def.innerType!, options), { nil: null, freq: 3 });
    case "default":
    case "prefault":
    case "readonly":
      return arbitraryFor(def.innerType!, options);
    case "string":
      return anyString;
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      throw new Error(`arbitraryFor: no derivation for zod type "${def.type}"; add an override`);
  }
}

/** One message kind to generate: its name, schema, group and arbitrary. */
export interface GeneratedKind {
  readonly name: string;
  readonly schema: z.core.$ZodType;
  readonly group: "chat" | "event" | "llm";
  readonly arbitrary: fc.Arbitrary<Record<string, unknown>>;
}

const kinds = (group: GeneratedKind["group"], schemas: readonly KindSchema[]): GeneratedKind[] =>
  schemas.map((schema) => ({ name: kindName(schema), schema, group, arbitrary: arbitraryFor(schema) as fc.Arbitrary<Record<string, unknown>> }));

/** Every kind of src/kinds.ts's lists, plus the generic `StructuredMessage[<Name>]`. */
export const ALL_KINDS: readonly GeneratedKind[] = [
  ...kinds("chat", CHAT_MESSAGE_SCHEMAS),
  ...kinds("event", AGENT_EVENT_SCHEMAS),
  ...kinds("event", EXTRA_EVENT_SCHEMAS),
  ...kinds("llm", LLM_MESSAGE_SCHEMAS),
  {
    name: "StructuredMessage[*]",
    schema: StructuredMessage,
    group: "chat",
    arbitrary: arbitraryFor(StructuredMessage, {
      overrides: new Map([[StructuredMessage.shape.type as z.core.$ZodType, structuredType]]),
    }) as fc.Arbitrary<Record<string, unknown>>,
  },
];

/** Recursively freezes a value (own keys, `__proto__` data keys included). */
export function deepFreeze<T>(v: T): T {
  if (v && typeof v === "object" && !Object.isFrozen(v)) {
    for (const k of Reflect.ownKeys(v)) deepFreeze((v as Record<PropertyKey, unknown>)[k]);
    Object.freeze(v);
  }
  return v;
}

// ---------------------------------------------------------------------------------------
// Inputs differential fuzzing against AutoGen found mishandled (issue 22), so the classes stay covered.

/** NaN and ±Infinity: what a Python float can hold and JSON cannot write. */
export const nonFinite: fc.Arbitrary<number> = fc.constantFrom(Infinity, -Infinity, NaN);

/**
 * What pydantic's lax `float` takes for a non-finite value, with the value it becomes: the strings
 * Rust's float parser reads (any case, signed, padded), the literal `1e400` (`Infinity` once
 * `JSON.parse` has read it), and JavaScript's own non-finite numbers.
 */
export const nonFiniteFloatInput: fc.Arbitrary<readonly [input: unknown, value: number]> = fc.oneof(
  fc
    .tuple(fc.constantFrom("inf", "Infinity", "INF", "infinity", "nan", "NaN", "NAN"), fc.constantFrom("", "+", "-"), fc.constantFrom("", " ", "\t", "\n "))
    .map(([word, sign, pad]) => [`${pad}${sign}${word}${pad}`, word.toLowerCase() === "nan" ? NaN : sign === "-" ? -Infinity : Infinity] as const),
  fc.constantFrom("1e400", "-1e400", "1E999", "+2e308", "-9e999").map((s) => [s, Number(s)] as const),
  fc.constantFrom(1e400, -1e400).map((n) => [n, n] as const),
  nonFinite.map((n) => [n, n] as const),
);

/** JSON data with non-finite numbers among its leaves (free-form `Dict[str, Any]` values). */
export const jsonValueWithNonFinite: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown; object: Record<string, unknown> }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    nonFinite,
    fc.constant(null),
    fc.maxSafeInteger(),
    anyString,
    fc.array(tie("value"), { maxLength: 4 }),
    tie("object"),
  ),
  object: fc.uniqueArray(fc.tuple(anyKey, tie("value")), { selector: (e) => e[0], maxLength: 4 }).map(objectOf),
})).value;

/** ASCII characters outside the base64 alphabet other than `=`: Python's non-strict decoder discards them. */
export const base64Junk: fc.Arbitrary<string> = fc.constantFrom("\t", "\n", "\r", "\r\n", "\v", "\f", " ", "\0", "-", "_", ":", ".", "!", "\\", "~", "\x7f");

/**
 * Base64 text with discarded characters mixed in, which decodes to the same bytes as `clean`:
 * junk at random places, every line wrapped at a width, or leading and trailing whitespace.
 */
export function messyBase64(clean: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.array(fc.tuple(fc.nat({ max: clean.length }), base64Junk), { minLength: 1, maxLength: 12 }).map((inserts) => {
      const chars = [...clean];
      for (const [at, junk] of inserts.sort((a, b) => b[0] - a[0])) chars.splice(at, 0, junk);
      return chars.join("");
    }),
    fc.tuple(fc.integer({ min: 1, max: 80 }), fc.constantFrom("\n", "\r\n", "\t", " ")).map(([width, sep]) => clean.replace(new RegExp(`.{1,${width}}`, "g"), (line) => line + sep)),
    fc.tuple(fc.stringMatching(/^[ \t\r\n]{1,4}$/), fc.stringMatching(/^[ \t\r\n]{0,4}$/)).map(([lead, trail]) => lead + clean + trail),
  );
}

/**
 * A `MemoryContent.content` object with a `data` key, with AutoGen's verdict: it runs `Image`'s
 * validator on it, so base64 that decodes to bytes Pillow cannot open, or a `data` value that is
 * not a string, crashes AutoGen (rejected here); undecodable base64 (a ValueError) and `null` leave
 * the dict as it is, and so does a readable image.
 */
export const memoryContentObject: fc.Arbitrary<{ readonly content: Record<string, unknown>; readonly accepted: boolean }> = fc
  .tuple(
    fc.oneof(
      // AutoGen crashes: TypeError from b64decode, or Pillow cannot identify / read the bytes.
      fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.array(fc.integer(), { maxLength: 2 }), fc.constant({})).map((data) => [data, false] as const),
      fc.constantFrom("", "====", "\\", "=AAAA", "aGVsbG8=", "AAAA").map((data) => [data, false] as const),
      fc.constantFrom(...FIXTURE_PNGS).chain((png) =>
        // Cut inside the image data (not just its CRC or IEND, which Pillow never needs).
        fc.integer({ min: 12, max: png.length - 40 }).map((cut) => [png.slice(0, cut - (cut % 4)), false] as const),
      ),
      // The dict stays: binascii.Error / non-ASCII ValueError, a null data, or a readable image.
      fc.constantFrom("aGk", "abcde", "é", "iVBORw0KGgo\u00e9", "A", "data:;base64,aGVsbG8=").map((data) => [data, true] as const),
      fc.constant([null, true] as const),
      fc.constantFrom(...FIXTURE_PNGS).chain((png) => messyBase64(png)).map((data) => [data, true] as const),
    ),
    fc.uniqueArray(fc.tuple(anyKey.filter((k) => k !== "data"), jsonValue), { selector: (e) => e[0], maxLength: 2 }),
  )
  .map(([[data, accepted], rest]) => ({ content: objectOf([["data", data], ...rest]), accepted }));
