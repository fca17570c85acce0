/**
 * Content models from JSON Schema, built the way AutoGen 0.7.5's
 * `StructuredMessageFactory(json_schema=…)` builds them with
 * `autogen_core.utils.schema_to_pydantic_model` (`_json_to_pydantic.py`), then validated with
 * pydantic 2.13's lax rules as `model_validate` applies them to `json.loads` output.
 *
 * The upstream converter is quirky and this port keeps its quirks, because what matters is that
 * a payload validates here exactly when it validates in Python:
 * - only the top level of a property is read: inside `anyOf`/`oneOf` branches and array `items`
 *   just the bare `type` counts (constraints, `format`, nested `properties` are ignored; an item
 *   without `type` is a string);
 * - `format` replaces the property's type and drops its other constraints;
 * - `allOf` keeps the parts' `properties`/`required` and drops the schema's own;
 * - every `$defs` entry becomes a model, even an `enum` one (which then only accepts objects);
 *   a `$defs` entry may refer to earlier entries and to itself, nothing else.
 *
 * Unions pick their branch with pydantic's "smart" rules (an exact type match beats a coercion,
 * a model with more fields set beats one with fewer), not first-match.
 */
import * as z from "zod/mini";
import { preprocess } from "../zod-def.js";
import { pyRepr, pyReprString } from "../python/repr.js";
import { fail, jsonTypeName, pass, type Check, type Failed } from "../wire/check.js";
import { checkedSchema, Datetime, JsonObjectSchema, LaxBool, LaxFloat, LaxInt } from "../wire/fields.js";
import { codePointLength } from "../python/str.js";
import { copyJsonValue, isPlainObject, setOwn } from "../wire/json-data.js";

// ---------------------------------------------------------------------------------------
// Errors (upstream's classes, same messages)

/**
 * Base class of the errors a schema conversion throws (upstream's `SchemaConversionError`).
 *
 * @example
 * try { contentSchemaFromJsonSchema(schema) } catch (e) { if (e instanceof SchemaConversionError) … }
 */
export class SchemaConversionError extends Error {
  static override readonly name: string = "SchemaConversionError"; // what Node prints, even when a bundler renames the class
  override name = "SchemaConversionError";
}

/**
 * A `$ref` that names no `$defs` entry, or one that is not built yet.
 *
 * @example
 * contentSchemaFromJsonSchema({ properties: { a: { $ref: "#/$defs/Nope" } } })
 * // throws ReferenceNotFoundError: Reference `Nope` not found in cache. Available: []
 */
export class ReferenceNotFoundError extends SchemaConversionError {
  static override readonly name: string = "ReferenceNotFoundError"; // what Node prints, even when a bundler renames the class
  override name = "ReferenceNotFoundError";
}

/**
 * A `format` that upstream's `FORMAT_MAPPING` does not know.
 *
 * @example
 * contentSchemaFromJsonSchema({ properties: { a: { type: "string", format: "color" } } })
 * // throws FormatNotSupportedError: Unknown format `color` for `a` in `GeneratedModel`
 */
export class FormatNotSupportedError extends SchemaConversionError {
  static override readonly name: string = "FormatNotSupportedError"; // what Node prints, even when a bundler renames the class
  override name = "FormatNotSupportedError";
}

/**
 * A missing or unknown `type` where upstream needs one.
 *
 * @example
 * contentSchemaFromJsonSchema({ properties: { a: { title: "no type" } } })
 * // throws UnsupportedKeywordError: Unsupported or missing type `None` for field `a` in `GeneratedModel`
 */
export class UnsupportedKeywordError extends SchemaConversionError {
  static override readonly name: string = "UnsupportedKeywordError"; // what Node prints, even when a bundler renames the class
  override name = "UnsupportedKeywordError";
}

// ---------------------------------------------------------------------------------------
// Limits

/**
 * How deeply inline models (object properties, object array items, `allOf` properties) may
 * nest inside one schema; `$ref`s do not count, they are resolved when parsing. Also stops
 * self-containing schema objects built in JavaScript.
 *
 * @example MAX_SCHEMA_DEPTH // 64
 */
export const MAX_SCHEMA_DEPTH = 64;

/**
 * How many `$ref` hops a payload may nest. pydantic's recursion guard stops at the 255th
 * nested reference with `Recursion error - cyclic reference detected`; so does this.
 *
 * @example MAX_REFERENCE_DEPTH // 254
 */
export const MAX_REFERENCE_DEPTH = 254;

// ---------------------------------------------------------------------------------------
// Small helpers

type Json = Record<string, unknown>;

/** Own property or undefined: a schema's keywords must never come from a (polluted) prototype. */
function own(obj: Json, key: string): unknown {
  return Object.hasOwn(obj, key) ? obj[key] : undefined;
}

function has(obj: Json, key: string): boolean {
  return Object.hasOwn(obj, key);
}

/** Python `repr()` of a schema value, for messages; never throws. */
function repr(value: unknown): string {
  try {
    return pyRepr(value);
  } catch {
    return String(value);
  }
}

/** Python `str()` of a schema value, for messages; never throws. */
function py(value: unknown): string {
  return typeof value === "string" ? value : repr(value);
}

function lastSegment(ref: unknown, where: string): string {
  if (typeof ref !== "string") throw new SchemaConversionError(`\`$ref\` ${where} must be a string, got ${jsonTypeName(ref)}`);
  return ref.split("/").pop() as string;
}

function objectAt(value: unknown, what: string): Json {
  if (!isPlainObject(value)) throw new SchemaConversionError(`${what} must be a JSON object, got ${jsonTypeName(value)}`);
  return value;
}

function arrayAt(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new SchemaConversionError(`${what} must be an array, got ${jsonTypeName(value)}`);
  return value;
}

/** A deep copy of a JSON value taken from the schema (defaults, enum values). */
function jsonCopy(value: unknown, what: string): unknown {
  const r = copyJsonValue(value);
  if (!r.ok) throw new SchemaConversionError(`${what} is not JSON data: ${r.message}`);
  return r.value;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// ---------------------------------------------------------------------------------------
// Issues

type Ctx = z.core.ParsePayload<any>;

/** Reports a pydantic-style error (`code`, `message`) at the current position. */
function report(ctx: Ctx, code: string, message: string, input: unknown, expected: string): typeof z.NEVER {
  ctx.issues.push({ code: "custom", message, input, params: { code, expected } });
  return z.NEVER;
}

/** A schema running `parse` on any present input (a missing one is "Field required"). */
function custom(expected: string, parse: (value: unknown, ctx: Ctx) => unknown): z.core.$ZodType {
  return z.pipe(z.unknown(), z.transform((value: unknown, ctx) => (value === undefined ? report(ctx, "missing", "Field required", value, expected) : parse(value, ctx))));
}

/** Re-raises the issues of a nested `safeParse` at the current position (paths stay relative). */
function forward(ctx: Ctx, issues: readonly z.core.$ZodIssue[]): typeof z.NEVER {
  for (const issue of issues) ctx.issues.push(issue as unknown as z.core.$ZodRawIssue);
  return z.NEVER;
}

/** A field checked by a {@link Check} function (the pattern of `wire/fields.ts`). */
const checked = checkedSchema;

// ---------------------------------------------------------------------------------------
// Smart-union bookkeeping (pydantic-core `ValidationState.exactness` / `fields_set_count`)

const LAX = 0;
const STRICT = 1;
const EXACT = 2;

interface UnionState {
  exactness: number;
  fields: number | null;
}

// Parsing is synchronous, so one module-level slot is enough: a union swaps in a fresh state
// for each branch and restores the outer one afterwards.
let unionState: UnionState | null = null;
let refDepth = 0;

function floor(exactness: number): void {
  if (unionState !== null && unionState.exactness > exactness) unionState.exactness = exactness;
}

function addFields(count: number): void {
  if (unionState !== null) unionState.fields = (unionState.fields ?? 0) + count;
}

/** Reports how exactly a leaf matched its input, before the leaf validates it. */
function rated(schema: z.core.$ZodType, rate: (value: unknown) => number): z.core.$ZodType {
  return preprocess((value) => {
    if (unionState !== null) floor(rate(value));
    return value;
  }, schema);
}

/** A model built from a dict is a "strict" match and sets as many fields as the dict has. */
function noteModel(value: unknown, fieldNames: readonly string[]): void {
  if (unionState === null) return;
  floor(STRICT);
  if (!isPlainObject(value)) return;
  let n = 0;
  for (const name of fieldNames) if (Object.hasOwn(value, name)) n++;
  addFields(n);
}

function nestedModel(model: z.ZodMiniObject): z.core.$ZodType {
  const fieldNames = Object.keys(model.shape);
  return preprocess((value) => {
    noteModel(value, fieldNames);
    return value;
  }, model);
}

const rateInt = (v: unknown) => (typeof v === "number" ? EXACT : LAX);
// A JS integral number stands for a Python int, which a float field takes as "strict".
const rateFloat = (v: unknown) => (typeof v === "number" ? (Number.isInteger(v) ? STRICT : EXACT) : LAX);
const rateBool = (v: unknown) => (typeof v === "boolean" ? EXACT : LAX);
const rateLax = () => LAX;

/** `type: "null"`, kept as one instance so that unions can recognise it. */
const NoneType = checked("None", (v) => (v === null ? pass(null) : fail("none_required", "Input should be None")));

/**
 * `Union[...]`. pydantic turns a `None` branch into a nullable wrapper (same outcome, errors
 * reported against the other branches); the rest is a smart union.
 */
function union(members: readonly z.core.$ZodType[]): z.core.$ZodType {
  const rest = members.filter((m) => m !== NoneType);
  if (rest.length === members.length) return smartUnion(members);
  return rest.length === 0 ? NoneType : z.nullable(smartUnion(rest));
}

/**
 * pydantic's smart union: every branch is tried; an exact match with no model fields wins at
 * once, otherwise the branch with most fields set wins, then the most exact, then the first.
 */
function smartUnion(members: readonly z.core.$ZodType[]): z.core.$ZodType {
  if (members.length === 1) return members[0]!;
  return custom("value", (value, ctx) => {
    const outer = unionState;
    let best: (UnionState & { data: unknown }) | undefined;
    const failures: z.core.$ZodIssue[][] = [];
    try {
      for (const member of members) {
        const state: UnionState = { exactness: EXACT, fields: null };
        unionState = state;
        const r = z.safeParse(member, value);
        if (r.success) {
          if (state.exactness === EXACT && state.fields === null) return r.data; // the outer state is untouched
          const better =
            best === undefined ||
            (best.fields !== null && state.fields !== null && best.fields !== state.fields
              ? best.fields < state.fields
              : best.exactness < state.exactness);
          if (better) best = { ...state, data: r.data };
        } else if (best === undefined) {
          failures.push(r.error.issues);
        }
      }
    } finally {
      unionState = outer;
    }
    if (best === undefined) {
      ctx.issues.push({ code: "invalid_union", errors: failures, input: value });
      return z.NEVER;
    }
    floor(best.exactness);
    if (best.fields !== null) addFields(best.fields);
    return best.data;
  });
}

// ---------------------------------------------------------------------------------------
// Literals (pydantic-core `LiteralLookup`: typed lookups first, then Python `==`)

/** Python `==` on JSON values: `True == 1 == 1.0`, dicts ignore key order. */
function pyEqual(a: unknown, b: unknown): boolean {
  if (typeof a === "boolean") a = a ? 1 : 0;
  if (typeof b === "boolean") b = b ? 1 : 0;
  if (a === b) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((v, i) => pyEqual(v, b[i]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && pyEqual(a[k], b[k]));
  }
  return false;
}

function findLiteral(values: readonly unknown[], input: unknown): number {
  if (input === null || typeof input !== "object") {
    const i = values.indexOf(input); // same type and value: bool, int, str, float, None lookups
    if (i >= 0) return i;
  }
  return values.findIndex((v) => pyEqual(v, input));
}

function literalExpected(values: readonly unknown[]): string {
  const reprs = values.map(repr);
  return reprs.length === 1 ? reprs[0]! : `${reprs.slice(0, -1).join(", ")} or ${reprs[reprs.length - 1]}`;
}

/** `Literal[...]`: the output is the schema's value, not the input (`True` → `1`). */
function literal(values: readonly unknown[]): z.core.$ZodType {
  const expected = literalExpected(values);
  return checked("literal", (value) => {
    const i = findLiteral(values, value);
    if (i < 0) return fail("literal_error", `Input should be ${expected}`);
    return pass(jsonCopy(values[i], "enum value"));
  });
}

// ---------------------------------------------------------------------------------------
// Leaf types

const AnyJson = checked("value", copyJsonValue);

/** One pydantic constraint on an already-typed value: its error, or undefined when it holds. */
type Rule<T> = (value: T) => Failed | undefined;

/** `schema`, then its constraints in pydantic's order; the first that fails is reported. */
function constrained<T>(schema: z.core.$ZodType<T>, rules: readonly Rule<T>[], expected: string): z.core.$ZodType {
  if (rules.length === 0) return schema;
  return (schema as z.ZodMiniType<T>).check((payload) => {
    for (const rule of rules) {
      const f = rule(payload.value);
      if (f) return void report(payload, f.code, f.message, payload.value, expected);
    }
  });
}

/** A rule failing with `code` and `message` where `holds` is false. */
function rule<T>(holds: (value: T) => boolean, code: string, message: string): Rule<T> {
  return (value) => (holds(value) ? undefined : fail(code, message));
}

/**
 * The numeric keywords, in the order they are read (which reports a bad one first), with the
 * position of their check in pydantic's order (`le`, `lt`, `ge`, `gt`).
 */
const BOUNDS = [
  ["minimum", 2, "greater_than_equal", "greater than or equal to", (v: number, b: number) => v >= b],
  ["maximum", 0, "less_than_equal", "less than or equal to", (v: number, b: number) => v <= b],
  ["exclusiveMinimum", 3, "greater_than", "greater than", (v: number, b: number) => v > b],
  ["exclusiveMaximum", 1, "less_than", "less than", (v: number, b: number) => v < b],
] as const;

/**
 * `List[item]` / `conlist`: pydantic rejects an over-long list before looking at its items and
 * checks the minimum after they validated.
 */
function list(item: z.core.$ZodType, min: number | undefined, max: number | undefined): z.core.$ZodType {
  const tooShort = (a: unknown[]) => (a.length < min! ? fail("too_short", `List should have at least ${plural(min!, "item")} after validation, not ${a.length}`) : undefined);
  const schema = constrained(z.array(item), min === undefined ? [] : [tooShort], "list");
  if (max === undefined) return schema;
  return preprocess((value: unknown, ctx) => {
    if (Array.isArray(value) && value.length > max) {
      report(ctx, "too_long", `List should have at most ${plural(max, "item")} after validation, not ${value.length}`, value, "list");
    }
    return value;
  }, schema);
}

// ---- formats ---------------------------------------------------------------------------

const UUID_GROUPS = [8, 4, 4, 4, 12];

/**
 * The uuid crate (as pydantic-core 2.46 uses it): the simple, hyphenated, `{hyphenated}` and
 * `urn:uuid:hyphenated` forms give the 32 hex digits; anything else fails in the crate's words.
 * Past the first invalid character everything is ASCII, so character offsets are its byte offsets.
 */
function parseUuid(s: string): Check<string> {
  const problem = (reason: string) => fail("uuid_parsing", `Input should be a valid UUID, ${reason}`);
  const body = s.length > 1 && s[0] === "{" && s.endsWith("}") ? s.slice(1, -1) : s.startsWith("urn:uuid:") ? s.slice(9) : s;
  const bad = /[^0-9A-Fa-f-]/u.exec(body);
  if (bad) return problem(`invalid character: found \`${bad[0]}\` at ${bad.index + 1}`);
  const groups = body.split("-");
  if (groups.length === 1 && body === s) {
    return s.length === 32 ? pass(s) : problem(`invalid length: expected length 32 for simple format, found ${s.length}`);
  }
  if (groups.length !== 5) return problem(`invalid group count: expected 5, found ${groups.length}`);
  for (let g = 0; g < 5; g++) {
    const found = g < 4 ? groups[g]!.length : s.length - 24;
    if (groups[g]!.length !== UUID_GROUPS[g]) return problem(`invalid group length in group ${g}: expected ${UUID_GROUPS[g]}, found ${found}`);
  }
  return pass(groups.join(""));
}

/**
 * pydantic `UUIDn`: the version nibble must match and the variant must be RFC 9562. Written
 * back as `str(uuid)`: lowercase, hyphenated.
 */
function checkUuid(version: number) {
  return (v: unknown): Check<string> => {
    if (typeof v !== "string") return fail("uuid_type", "UUID input should be a string, bytes or UUID object");
    const r = parseUuid(v);
    if (!r.ok) return r;
    const hex = r.value.toLowerCase();
    if (parseInt(hex[12]!, 16) !== version || !"89ab".includes(hex[16]!)) {
      return fail("uuid_version", `UUID version ${version} expected`);
    }
    return pass(hex.replace(/^(.{8})(.{4})(.{4})(.{4})/, "$1-$2-$3-$4-"));
  };
}

/** email-validator rejects these special-use domains (and their subdomains). */
const SPECIAL_USE_DOMAIN = /(?:^|\.)(?:arpa|invalid|local|localhost|onion|test)$/;
/** A display name before `<addr>`: words of atom characters and spaces (one class: linear). */
const DISPLAY_NAME = /^[\p{L}\p{N}_!#$%&'*+\-/=?^`{|}~\s]*$/u;

/**
 * The address inside `Display Name <addr>` (or `"Quoted Name" <addr>`), or null when `v` is
 * not in that form. Done with index arithmetic: a single regex for this shape (repeated words
 * separated by spaces) backtracks catastrophically on long near-misses.
 */
function prettyEmailAddress(v: string): string | null {
  const s = v.trim();
  if (!s.endsWith(">")) return null;
  const lt = s.startsWith('"') ? s.indexOf("<", s.indexOf('"', 1) + 1) : s.indexOf("<");
  if (lt < 0 || lt + 2 > s.length - 1) return null;
  const name = s.slice(0, lt).trim();
  const quoted = name.length >= 2 && name.startsWith('"') && name.endsWith('"');
  if (!quoted && !DISPLAY_NAME.test(name)) return null;
  return s.slice(lt + 1, -1);
}
/**
 * zod's `regexes.email`, copied: reading it through `z.regexes` keeps every zod regex in the
 * bundle (2 KB gzip).
 */
const EMAIL = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/**
 * pydantic `EmailStr`, approximately: the `Name <addr>` form, surrounding whitespace, zod's
 * email pattern instead of email-validator's rules (so no internationalised addresses), and
 * the domain lowercased as email-validator normalises it.
 */
function checkEmail(v: unknown): Check<string> {
  if (typeof v !== "string") return fail("string_type", "Input should be a valid string");
  const bad = (reason: string) => fail("value_error", `value is not a valid email address: ${reason}`);
  if (codePointLength(v) > 2048) return bad("Length must not exceed 2048 characters");
  const email = (prettyEmailAddress(v) ?? v).trim();
  const at = email.lastIndexOf("@");
  if (at < 0) return bad("An email address must have an @-sign.");
  if (at === 0) return bad("There must be something before the @-sign.");
  if (at === email.length - 1) return bad("There must be something after the @-sign.");
  const domain = email.slice(at + 1).toLowerCase();
  if (SPECIAL_USE_DOMAIN.test(domain)) {
    return bad("The part after the @-sign is a special-use or reserved name that cannot be used with email.");
  }
  if (!EMAIL.test(email)) return bad("The email address is not valid.");
  return pass(`${email.slice(0, at)}@${domain}`);
}

/**
 * pydantic `AnyUrl`: parsed by the WHATWG URL parser (rust-url follows the same standard) and
 * written back serialised (`https://Example.com` → `https://example.com/`).
 */
function checkUrl(v: unknown): Check<string> {
  if (typeof v !== "string") return fail("url_type", "URL input should be a string or URL");
  if (v === "") return fail("url_parsing", "Input should be a valid URL, input is empty");
  try {
    return pass(new URL(v).href);
  } catch {
    const reason = /^[\x00-\x20]*[A-Za-z][A-Za-z0-9+.-]*:/.test(v) ? "invalid URL" : "relative URL without a base";
    return fail("url_parsing", `Input should be a valid URL, ${reason}`);
  }
}

/** CPython `IPv4Address`: four decimal octets up to 255, no leading zeros, a dot between each. */
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?!$)|$)){4}$/;

/** Python ints (and bools) are addresses too: `IPv4Address(3232235521)`. */
function ipInteger(v: unknown, max: bigint): bigint | null {
  if (typeof v === "boolean") return v ? 1n : 0n;
  if (typeof v === "number" && Number.isInteger(v) && v >= 0 && BigInt(v) <= max) return BigInt(v);
  return null;
}

function checkIPv4(v: unknown): Check<string> {
  const n = ipInteger(v, 0xffffffffn);
  if (n !== null) return pass([24, 16, 8, 0].map((k) => (Number(n) >>> k) & 255).join("."));
  // Anything else goes through `str()` in Python, which no non-string JSON value survives.
  if (typeof v === "string" && IPV4.test(v)) return pass(v);
  return fail("ip_v4_address", "Input is not a valid IPv4 address");
}

/**
 * CPython 3.11 `IPv6Address`, through the WHATWG host parser: on hex digits, colons and dots
 * it accepts exactly what CPython accepts (`::`, one embedded dotted IPv4 without leading
 * zeros), and it serialises as CPython 3.11's `str()` does (lowercase, the first longest run
 * of 2+ zero hextets as `::`). A `%scope` suffix is CPython's alone, so it is split off first.
 */
function formatIPv6(address: string): string | null {
  const pct = address.indexOf("%");
  const [ip, scope] = pct < 0 ? [address, ""] : [address.slice(0, pct), address.slice(pct)];
  if (scope === "%" || scope.includes("%", 1) || !/^[0-9A-Fa-f:.]+$/.test(ip)) return null;
  try {
    return new URL(`http://[${ip}]`).hostname.slice(1, -1) + scope;
  } catch {
    return null;
  }
}

function checkIPv6(v: unknown): Check<string> {
  const n = ipInteger(v, (1n << 128n) - 1n);
  const out = n !== null ? formatIPv6(n.toString(16).padStart(32, "0").replace(/.{4}(?!$)/g, "$&:")) : typeof v === "string" ? formatIPv6(v) : null;
  return out === null ? fail("ip_v6_address", "Input is not a valid IPv6 address") : pass(out);
}

/** pydantic `Json`: a string holding JSON, replaced by what it parses to. */
function checkJsonString(v: unknown): Check<unknown> {
  if (typeof v !== "string") return fail("json_type", "JSON input should be string, bytes or bytearray");
  let parsed: unknown;
  try {
    parsed = JSON.parse(v);
  } catch (e) {
    return fail("json_invalid", `Invalid JSON: ${(e as Error).message}`);
  }
  const copy = copyJsonValue(parsed); // enforces the nesting limit
  return copy.ok ? copy : fail(copy.code, copy.message); // without the path inside the parsed value
}

/** pydantic `conint(strict=True, …)`: numbers only, no coercion from strings or booleans. */
function strictInt(min: number, maxExclusive: number, minText: string, maxText: string): z.core.$ZodType {
  return checked("integer", (v) => {
    if (typeof v !== "number" || !Number.isInteger(v)) return fail("int_type", "Input should be a valid integer");
    // `v < 2**63` is exact in doubles where `v <= 2**63 - 1` is not.
    if (!(v < maxExclusive)) return fail("less_than_equal", `Input should be less than or equal to ${maxText}`);
    if (!(v >= min)) return fail("greater_than_equal", `Input should be greater than or equal to ${minText}`);
    return pass(v);
  });
}

const StrictFloat = rated(
  checked("number", (v) => (typeof v === "number" ? pass(v) : fail("float_type", "Input should be a valid number"))),
  rateFloat,
);

/**
 * Upstream's `FORMAT_MAPPING`. Approximations: `date`, `time`, `duration` are kept as the
 * strings given (pydantic parses and re-serialises them, and also takes numbers); `byte` and
 * `binary` accept strings as `model_validate_json` does (`model_validate` on a dict rejects
 * every `str` for these strict-bytes fields).
 */
const FORMATS = new Map<string, () => z.core.$ZodType>([
  // pydantic's `UUID1`/`UUID3`/`UUID4`/`UUID5`; plain `uuid` and `uuid2` are `UUID4` upstream
  ...[4, 1, 4, 3, 4, 5].map((version, i): [string, () => z.core.$ZodType] => [
    `uuid${i ? i : ""}`,
    () => rated(checked("UUID", checkUuid(version)), rateLax),
  ]),
  ["email", () => checked("email", checkEmail)],
  ["uri", () => rated(checked("URL", checkUrl), rateLax)],
  ["ipv4", () => checked("IPv4 address", checkIPv4)],
  ["ipv6", () => checked("IPv6 address", checkIPv6)],
  ["ipv4-network", () => checked("IPv4 address", checkIPv4)],
  ["ipv6-network", () => checked("IPv6 address", checkIPv6)],
  ["date-time", () => rated(Datetime, rateLax)],
  ["int32", () => strictInt(-(2 ** 31), 2 ** 31, "-2147483648", "2147483647")],
  ["int64", () => strictInt(-(2 ** 63), 2 ** 63, "-9223372036854775808", "9223372036854775807")],
  ["float", () => StrictFloat],
  ["double", () => rated(LaxFloat, rateFloat)],
  ["decimal", () => rated(LaxFloat, rateFloat)],
  ["json", () => checked("JSON string", checkJsonString)],
  // plain `str`
  ...["hostname", "date", "time", "duration", "byte", "binary", "password", "path"].map((f): [string, () => z.core.$ZodType] => [f, () => z.string()]),
]);

/** `TYPE_MAPPING[t]` as a bare annotation: no constraints (`str`, `int`, `List`, `dict`, …). */
const BARE_TYPES: Record<string, () => z.core.$ZodType> = {
  string: () => z.string(),
  integer: () => rated(LaxInt, rateInt),
  number: () => rated(LaxFloat, rateFloat),
  boolean: () => rated(LaxBool, rateBool),
  array: () => z.array(AnyJson), // bare `List` is `List[Any]`
  object: () => JsonObjectSchema,
  null: () => NoneType,
};

function isTypeName(t: unknown): t is string {
  return typeof t === "string" && Object.hasOwn(BARE_TYPES, t);
}

function bareType(t: string): z.core.$ZodType {
  return BARE_TYPES[t]!();
}

// ---------------------------------------------------------------------------------------
// Patterns: Rust `regex` syntax (what pydantic-core compiles) onto JavaScript RegExp

const WORD_CLASS = "\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\p{Join_Control}";
const POSIX_CLASSES = new Map<string, string>([
  ["alnum", "0-9A-Za-z"],
  ["alpha", "A-Za-z"],
  ["ascii", "\\x00-\\x7F"],
  ["blank", "\\t "],
  ["cntrl", "\\x00-\\x1F\\x7F"],
  ["digit", "0-9"],
  ["graph", "!-~"],
  ["lower", "a-z"],
  ["print", " -~"],
  ["punct", "!-\\/:-@\\[-`\\{-~"],
  ["space", "\\t\\n\\v\\f\\r "],
  ["upper", "A-Z"],
  ["word", "0-9A-Za-z_"],
  ["xdigit", "0-9A-Fa-f"],
]);
const WORD_BOUNDARY = `(?:(?<=[${WORD_CLASS}])(?![${WORD_CLASS}])|(?<![${WORD_CLASS}])(?=[${WORD_CLASS}]))`;
const NOT_WORD_BOUNDARY = `(?:(?<=[${WORD_CLASS}])(?=[${WORD_CLASS}])|(?<![${WORD_CLASS}])(?![${WORD_CLASS}]))`;

/** `\p{Greek}`: Rust takes bare script names, JavaScript wants `Script=Greek`. */
function unicodeProperty(p: string, name: string): string {
  const direct = `\\${p}{${name}}`;
  try {
    new RegExp(direct, "u");
    return direct;
  } catch {
    return name.includes("=") ? direct : `\\${p}{Script=${name}}`;
  }
}

/** Characters JavaScript's `u` mode lets you escape; Rust allows escaping any ASCII punctuation. */
const JS_ESCAPABLE = new Set("^$\\.*+?()[]{}|/");

/**
 * Translates a Rust-regex `pattern` to a `u`-mode RegExp, keeping Rust's meaning where
 * JavaScript differs: Unicode `\d`, `\w`, `\s`, `\b`; `.` excluding only `\n`; `\A`/`\z`;
 * `\x{…}`; `\p{Script}`; `(?P<name>…)`; leading `(?flags)`; POSIX classes. What Rust refuses
 * (look-around, backreferences) is refused, and so are inline flags after the start
 * (`a(?i)b`, `(?i:…)`), which JavaScript cannot express.
 */
function translatePattern(pattern: string): RegExp {
  let flags = "u";
  let dotAll = false;
  const lead = /^\(\?([a-zA-Z]+)\)/.exec(pattern);
  for (const f of lead?.[1] ?? "") {
    if (f === "i" || f === "m") flags += f;
    else if (f === "s") dotAll = true;
    else if (f !== "u") throw new Error(`inline flag \`${f}\` is not supported`);
  }
  let inClass = false;
  const out = pattern.slice(lead?.[0].length).replace(PATTERN_TOKEN, (t: string, at: number, rest: string) => {
    const c = t[0]!;
    if (c === "\\") return translateEscape(t, inClass);
    if (inClass) {
      if (c === "[") {
        const set = /^\[:([a-z]+):\]$/.exec(t) && POSIX_CLASSES.get(t.slice(2, -2));
        if (!set) throw new Error("nested character classes are not supported");
        return set;
      }
      if (t[1] === c) throw new Error("class set operations are not supported"); // `&&`, `--`, `~~`
      if (c === "]") inClass = false;
      return t;
    }
    if (c === "[" && t[1] !== ":") {
      inClass = true;
      return t.replace("]", "\\]"); // a leading `]` is literal in Rust
    }
    if (c === ".") return dotAll ? "[\\s\\S]" : "[^\\n]";
    if (t === "(?P<") return "(?<";
    if (t === "(?") {
      const after = rest.slice(at + 2);
      if (/^<?[=!]/.test(after)) throw new Error("look-around is not supported");
      if (!after.startsWith(":") && !/^<[A-Za-z_]/.test(after)) throw new Error("inline flag groups are not supported");
    }
    return t; // outside a class, `[:alpha:]` is an ordinary class of those characters
  });
  return new RegExp(out, flags);
}

/**
 * The pieces {@link translatePattern} reads, by UTF-16 unit: an escape with its argument, a
 * POSIX class, a class opening with its leading `^` and `]`, a class set operator, a group
 * opening `(?`, or one unit.
 */
const PATTERN_TOKEN = /\\(?:x\{[^}]*\}?|U[0-9A-Fa-f]{8}|[pP](?:\{[^}]*\}?|[\s\S]?)|[\s\S]?)|\[:\^?[a-z]+:\]|\[\^?\]?|&&|--|~~|\(\?(?:P<)?|[\s\S]/g;

/** One escape (`\` and what follows) in JavaScript's `u` syntax, with Rust's meaning. */
function translateEscape(t: string, inClass: boolean): string {
  const d = t[1];
  if (d === undefined) throw new Error("trailing backslash");
  if (d === "d") return "\\p{Nd}";
  if (d === "D") return "\\P{Nd}";
  if (d === "s") return "\\p{White_Space}";
  if (d === "S") return "\\P{White_Space}";
  if ((d === "b" || d === "B") && !inClass) return d === "b" ? WORD_BOUNDARY : NOT_WORD_BOUNDARY;
  if (d === "w") return inClass ? WORD_CLASS : `[${WORD_CLASS}]`;
  if (d === "W") return inClass ? "\\W" : `[^${WORD_CLASS}]`;
  if (d === "A" && !inClass) return "^";
  if (d === "z" && !inClass) return "$";
  if (d === "x" && t.length > 2) {
    if (!t.endsWith("}")) throw new Error("unclosed `\\x{`");
    return `\\u{${t.slice(3, -1)}}`;
  }
  if (d === "U" && t.length > 2) return `\\u{${t.slice(2)}}`;
  if (d === "p" || d === "P") {
    const braced = t[2] === "{";
    if (braced && !t.endsWith("}")) throw new Error("unclosed `\\p{`");
    return unicodeProperty(d, braced ? t.slice(3, -1) : t.slice(2));
  }
  if (/[1-9]/.test(d) || d === "k") throw new Error("backreferences are not supported");
  // A needless escape of punctuation is the character itself.
  return /[!-/:-@[-`{-~]/.test(d) && !JS_ESCAPABLE.has(d) && !(inClass && d === "-") ? d : t;
}

// ---------------------------------------------------------------------------------------
// Item model names: upstream hashes them with MD5 (`{key}_{md5(f"{model}_{key}")[:6]}`)

const MD5_SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];

/** The first 6 hex digits of the MD5 of `text`'s UTF-8 bytes. */
function md5Prefix(text: string): string {
  const data = new TextEncoder().encode(text);
  const n = data.length;
  const w = new Uint32Array((((n + 8) >>> 6) + 1) * 16);
  for (let i = 0; i <= n; i++) w[i >> 2]! |= (i < n ? data[i]! : 0x80) << ((i % 4) * 8);
  w[w.length - 2] = n * 8; // bit length (mod 2^32; the high word is 0 for any realistic name)
  w[w.length - 1] = n / 2 ** 29;
  const h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];
  for (let blk = 0; blk < w.length; blk += 16) {
    let [a, b, c, d] = h as [number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const r = i >> 4;
      const f = [(b & c) | (~b & d), (d & b) | (~d & c), b ^ c ^ d, c ^ (b | ~d)][r]!;
      const g = [i, 5 * i + 1, 3 * i + 5, 7 * i][r]! % 16;
      const x = (a + f + ((Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0) + w[blk + g]!) | 0;
      const s = MD5_SHIFTS[r * 4 + (i % 4)]!;
      [a, d, c, b] = [d, c, b, (b + ((x << s) | (x >>> (32 - s)))) | 0];
    }
    h.forEach((v, k) => (h[k] = (v + [a, b, c, d][k]!) | 0));
  }
  return [0, 8, 16].map((k) => ((h[0]! >>> k) & 255).toString(16).padStart(2, "0")).join("");
}

// ---------------------------------------------------------------------------------------
// Field names pydantic's `create_model` refuses

/** `BaseModel` members a field may not replace (checked against pydantic 2.13). */
const RESERVED_NAMES = new Map<string, string>([
  ["model_config", "'FieldInfo' object is not iterable (pydantic reads `model_config` as the model's configuration)"],
  ["model_post_init", "pydantic would call the field's value as `BaseModel.model_post_init`, so no payload ever validates"],
  ...["model_dump", "model_dump_json", "model_validate", "model_validate_json", "model_validate_strings"].map(
    (name): [string, string] => [
      name,
      `Field '${name}' conflicts with member ${name} of protected namespace '${name.startsWith("model_dump") ? "model_dump" : "model_validate"}'.`,
    ],
  ),
]);

function checkFieldName(key: string): void {
  if (key.startsWith("_")) {
    const suggested = key.replace(/^_+/, "") || "my_field";
    // pydantic's own NameError; it also keeps `__proto__` out of every object we build.
    throw new SchemaConversionError(
      `Fields must not use names with leading underscores; e.g., use ${pyReprString(suggested)} instead of ${pyReprString(key)}.`,
    );
  }
  const reserved = RESERVED_NAMES.get(key);
  if (reserved !== undefined) throw new SchemaConversionError(`Field name \`${key}\` cannot be used: ${reserved}`);
}

/**
 * zod reads `input[key]`, so a field named like an `Object.prototype` member (`constructor`,
 * `toString`, …) would see the inherited function when the payload lacks the key. Such a value
 * is never JSON, so it is mapped back to "absent" before the field validates it.
 */
function ownKeyOnly(key: string, field: z.core.$ZodType, fallback: (() => unknown) | undefined): z.core.$ZodType {
  const inherited = (Object.prototype as Record<string, unknown>)[key];
  const unshadow = (v: unknown) => (v === inherited ? undefined : v);
  if (fallback === undefined) return preprocess(unshadow, field);
  // The outer default covers a truly missing key (null-prototype input), the inner one the unshadowed value.
  return z._default(preprocess(unshadow, z._default(field, fallback)), fallback);
}

// ---------------------------------------------------------------------------------------
// The converter (`_JSONSchemaToPydantic`)

interface Definition {
  readonly schema: Json;
  model: z.ZodMiniObject | null;
  fieldNames: readonly string[];
}

/** `$ref` to a `$defs` model: resolved when parsing, with pydantic's recursion guard. */
function reference(def: Definition): z.core.$ZodType {
  return custom("object", (value, ctx) => {
    if (refDepth >= MAX_REFERENCE_DEPTH) {
      return report(ctx, "recursion_loop", "Recursion error - cyclic reference detected", value, "object");
    }
    noteModel(value, def.fieldNames);
    refDepth++;
    let r: z.util.SafeParseResult<unknown>;
    try {
      r = z.safeParse(def.model!, value);
    } catch (e) {
      // A small JavaScript stack can run out before the pydantic limit: still a validation error.
      if (e instanceof RangeError) return report(ctx, "recursion_loop", "Recursion error - nested too deeply", value, "object");
      throw e;
    } finally {
      refDepth--;
    }
    return r.success ? r.data : forward(ctx, r.error.issues);
  });
}

/** The converter (`_JSONSchemaToPydantic`) of one root schema: closures over its `$defs` models. */
function converter(root: Json): (modelName: string) => z.ZodMiniObject {
  const defs = new Map<string, Definition>();

  /** `json_schema_to_pydantic` for the root: `$defs` first, in order. */
  function convertRoot(modelName: string): z.ZodMiniObject {
    const rawDefs = own(root, "$defs");
    if (rawDefs !== undefined) {
      const table = objectAt(rawDefs, "`$defs`");
      for (const name of Object.keys(table)) {
        defs.set(name, { schema: objectAt(table[name], `\`$defs.${name}\``), model: null, fieldNames: [] });
      }
      for (const [name, def] of defs) {
        const model = convert(def.schema, name);
        def.model = model;
        def.fieldNames = Object.keys(model.shape);
      }
    }
    return convert(root, modelName);
  }

  /** `json_schema_to_pydantic` below the root: one level of `$ref`, then `allOf`. */
  function convert(schema: Json, modelName: string): z.ZodMiniObject {
    return buildModel(effectiveSchema(schema), modelName, 0);
  }

  /** The schema upstream builds a model from: `{**$defs[ref], **rest}`, then `allOf` merged. */
  function effectiveSchema(schema: Json): Json {
    if (has(schema, "$ref")) {
      const resolved = resolveRef(own(schema, "$ref"));
      const merged: Json = {};
      for (const k of Object.keys(resolved)) setOwn(merged, k, resolved[k]);
      for (const k of Object.keys(schema)) if (k !== "$ref") setOwn(merged, k, schema[k]);
      schema = merged;
    }
    return has(schema, "allOf") ? mergeAllOf(schema) : schema;
  }

  /** `_resolve_ref`: the raw `$defs` entry named by the ref's last segment. */
  function resolveRef(ref: unknown): Json {
    const key = lastSegment(ref, "in `allOf` or at a schema's top level");
    const table = objectAt(own(root, "$defs") ?? {}, "`$defs`");
    if (!Object.hasOwn(table, key)) {
      throw new ReferenceNotFoundError(`Reference \`${py(ref)}\` not found in \`$defs\`. Available keys: ${pyRepr(Object.keys(table))}`);
    }
    return objectAt(table[key], `\`$defs.${key}\``);
  }

  /**
   * Upstream's `allOf` merge: the parts' `properties` (a later part wins, at the first part's
   * position) and `required`; the schema's other keywords are kept but its own `properties` and
   * `required` are dropped. A part's own `allOf` is not merged.
   */
  function mergeAllOf(schema: Json): Json {
    const properties: Json = {};
    const required: unknown[] = [];
    for (const raw of arrayAt(own(schema, "allOf"), "`allOf`")) {
      const part = objectAt(raw, "An `allOf` part");
      const resolved = has(part, "$ref") ? resolveRef(own(part, "$ref")) : part;
      const props = objectAt(own(resolved, "properties") ?? {}, "`properties`");
      for (const k of Object.keys(props)) setOwn(properties, k, props[k]);
      required.push(...arrayAt(own(resolved, "required") ?? [], "`required`"));
    }
    const merged: Json = { type: "object", properties, required: [...new Set(required)] };
    for (const k of Object.keys(schema)) if (k !== "allOf" && k !== "properties" && k !== "required") setOwn(merged, k, schema[k]);
    return merged;
  }

  /** `_json_schema_to_model`. */
  function buildModel(schema: Json, modelName: string, depth: number): z.ZodMiniObject {
    if (depth > MAX_SCHEMA_DEPTH) throw new SchemaConversionError(`Schema nested deeper than ${MAX_SCHEMA_DEPTH} levels (at \`${modelName}\`)`);
    if (has(schema, "allOf")) schema = mergeAllOf(schema);
    const required = new Set(arrayAt(own(schema, "required") ?? [], "`required`"));
    const properties = objectAt(own(schema, "properties") ?? {}, "`properties`");
    const shape: Record<string, z.core.$ZodType> = {};
    for (const key of Object.keys(properties)) {
      checkFieldName(key);
      const value = objectAt(properties[key], `The schema of field \`${key}\` in \`${modelName}\``);
      let field = fieldType(key, value, modelName, depth);
      let fallback: (() => unknown) | undefined;
      if (!required.has(key)) {
        const dflt = own(value, "default");
        // Upstream: no default (or null) makes the field `Optional[...] = None`; any other
        // default is used as given, unvalidated, and the field stays non-nullable.
        if (dflt === undefined || dflt === null) {
          field = z.nullable(field);
          fallback = () => null;
        } else {
          const copy = jsonCopy(dflt, `The default of field \`${key}\` in \`${modelName}\``);
          fallback = () => jsonCopy(copy, "default");
        }
      }
      field = key in Object.prototype ? ownKeyOnly(key, field, fallback) : fallback ? z._default(field, fallback) : field;
      const meta: Record<string, string> = {};
      for (const k of ["title", "description"]) {
        const text = own(value, k);
        if (typeof text === "string") meta[k] = text;
      }
      if (Object.keys(meta).length) z.globalRegistry.add((field = z.clone(field)), meta);
      shape[key] = field;
    }
    return z.object(shape);
  }

  /** The branch of `_json_schema_to_model` that picks a field's type. */
  function fieldType(key: string, value: Json, modelName: string, depth: number): z.core.$ZodType {
    if (has(value, "$ref")) return ref(value, key, modelName);
    if (has(value, "anyOf")) return union(unionMembers(own(value, "anyOf"), key, modelName));
    if (has(value, "oneOf")) {
      const members = unionMembers(own(value, "oneOf"), key, modelName);
      if (!has(value, "discriminator")) return union(members);
      return taggedUnion(own(value, "oneOf") as Json[], members, own(value, "discriminator"));
    }
    if (has(value, "enum")) {
      const values = enumValues(value, key);
      if (values.length === 0) throw new SchemaConversionError(`\`enum\` of field \`${key}\` in \`${modelName}\` is empty: literal "expected" cannot be empty`);
      return literal(values);
    }
    if (has(value, "allOf")) return nestedModel(buildModel(mergeAllOf(value), `${modelName}_${key}`, depth + 1));
    if (own(value, "type") === "object" && has(value, "properties")) {
      return nestedModel(buildModel(value, `${modelName}_${key}`, depth + 1));
    }
    return extractFieldType(key, value, modelName, depth + 1);
  }

  /** `get_ref`: refers to a `$defs` model; only earlier entries and the model itself are usable. */
  function ref(schema: Json, key: string, modelName: string): z.core.$ZodType {
    const name = lastSegment(own(schema, "$ref"), `of field \`${key}\``);
    const def = defs.get(name);
    if (def === undefined) {
      throw new ReferenceNotFoundError(`Reference \`${name}\` not found in cache. Available: ${pyRepr([...defs.keys()])}`);
    }
    if (def.model === null && name !== modelName) {
      // Upstream leaves a ForwardRef that pydantic cannot resolve:
      // PydanticUndefinedAnnotation "name 'B' is not defined".
      throw new ReferenceNotFoundError(
        `Reference \`${name}\` is used before its \`$defs\` entry is built: a \`$defs\` model can refer only to earlier entries and to itself (pydantic: name ${pyReprString(name)} is not defined)`,
      );
    }
    return reference(def);
  }

  /** A schema's `enum`, copied. */
  function enumValues(schema: Json, key: string): unknown[] {
    return arrayAt(own(schema, "enum"), `\`enum\` of field \`${key}\``).map((v) => jsonCopy(v, "An enum value"));
  }

  /** `_resolve_union_types`: branches are read shallowly, as bare types. */
  function unionMembers(raw: unknown, key: string, modelName: string): z.core.$ZodType[] {
    const schemas = arrayAt(raw, `The union of field \`${key}\``);
    if (schemas.length === 0) throw new UnsupportedKeywordError(`Unsupported or missing type for field \`${key}\` in \`${modelName}\``);
    return schemas.map((s) => {
      const branch = objectAt(s, `A union branch of field \`${key}\``);
      if (has(branch, "$ref")) return ref(branch, key, modelName);
      if (has(branch, "enum")) {
        const values = enumValues(branch, key);
        return values.length > 0 ? literal(values) : AnyJson;
      }
      const t = own(branch, "type");
      if (!isTypeName(t)) throw new UnsupportedKeywordError(`Unsupported or missing type \`${py(t)}\` in union`);
      if (t !== "array" || !has(branch, "items")) return bareType(t);
      const items = objectAt(own(branch, "items"), `\`items\` of field \`${key}\``);
      const item = itemType(items, key, modelName, (name) => `Unsupported item type \`${name}\` in union array`);
      return list(item, length(branch, "minItems"), length(branch, "maxItems"));
    });
  }

  /**
   * `oneOf` + `discriminator.propertyName` (pydantic's tagged union). The branches must be
   * `$defs` models whose tag property is an `enum` that is required or has a default; `null`
   * branches make the field nullable.
   */
  function taggedUnion(branches: Json[], members: z.core.$ZodType[], discriminator: unknown): z.core.$ZodType {
    const prop = own(objectAt(discriminator, "`discriminator`"), "propertyName");
    if (typeof prop !== "string") throw new SchemaConversionError("`discriminator.propertyName` must be a string");
    const disc = pyReprString(prop);
    const tags: unknown[] = [];
    const targets: z.core.$ZodType[] = [];
    let nullable = false;
    branches.forEach((branch, i) => {
      if (!has(branch, "$ref")) {
        if (!has(branch, "enum") && own(branch, "type") === "null") {
          nullable = true;
          return;
        }
        const kind = has(branch, "enum")
          ? "literal"
          : ({ string: "str", integer: "int", number: "float", boolean: "bool", array: "list", object: "dict" } as Record<string, string>)[own(branch, "type") as string];
        throw new SchemaConversionError(`The core schema type '${kind}' is not a valid discriminated union variant.`);
      }
      const name = lastSegment(own(branch, "$ref"), "in `oneOf`");
      const def = effectiveSchema(defs.get(name)!.schema);
      const props = objectAt(own(def, "properties") ?? {}, "`properties`");
      if (!Object.hasOwn(props, prop)) throw new SchemaConversionError(`Model '${name}' needs a discriminator field for key ${disc}`);
      const field = objectAt(props[prop], `The schema of field \`${prop}\``);
      const required = arrayAt(own(def, "required") ?? [], "`required`").includes(prop);
      const isLiteral = has(field, "enum") && !has(field, "$ref") && !has(field, "anyOf") && !has(field, "oneOf");
      if (!isLiteral || (!required && (own(field, "default") ?? null) === null)) {
        throw new SchemaConversionError(`Model '${name}' needs field ${disc} to be of type \`Literal\``);
      }
      for (const tag of arrayAt(own(field, "enum"), "`enum`")) {
        if (findLiteral(tags, tag) >= 0) {
          throw new SchemaConversionError(`Value ${repr(tag)} for discriminator ${disc} mapped to multiple choices`);
        }
        tags.push(jsonCopy(tag, "A tag"));
        targets.push(members[i]!);
      }
    });
    const expected = tags.map(repr).join(", ");
    return custom("object", (value, ctx) => {
      if (value === null && nullable) return null;
      if (!isPlainObject(value)) {
        return report(ctx, "model_attributes_type", "Input should be a valid dictionary or object to extract fields from", value, "object");
      }
      if (!Object.hasOwn(value, prop)) {
        return report(ctx, "union_tag_not_found", `Unable to extract tag using discriminator ${disc}`, value, "object");
      }
      const i = findLiteral(tags, value[prop]);
      if (i < 0) {
        const message = `Input tag '${py(value[prop])}' found using ${disc} does not match any of the expected tags: ${expected}`;
        return report(ctx, "union_tag_invalid", message, value, "object");
      }
      const r = z.safeParse(targets[i]!, value);
      return r.success ? r.data : forward(ctx, r.error.issues);
    });
  }

  function length(schema: Json, keyword: string): number | undefined {
    const v = own(schema, keyword);
    if (v === undefined) return undefined;
    if (typeof v !== "number" || !Number.isInteger(v)) throw new SchemaConversionError(`\`${keyword}\` must be an integer, got ${py(v)}`);
    return v;
  }

  function bounds(schema: Json, integer: boolean): Rule<number>[] {
    const rules: Rule<number>[] = [];
    for (const [keyword, order, code, words, holds] of BOUNDS) {
      const b = own(schema, keyword);
      if (b === undefined) continue;
      if (typeof b !== "number" || (integer && !Number.isInteger(b))) {
        throw new SchemaConversionError(`\`${keyword}\` must be ${integer ? "an integer" : "a number"}, got ${py(b)}`);
      }
      rules[order] = rule((v) => holds(v, b), code, `Input should be ${words} ${py(b)}`);
    }
    return rules.filter(Boolean);
  }

  /** `_extract_field_type`. */
  /** An array's item type: a `$ref`, else the bare `type` (a string when absent). */
  function itemType(items: Json, key: string, modelName: string, badType: (name: string) => string): z.core.$ZodType {
    if (has(items, "$ref")) return ref(items, key, modelName);
    const name = own(items, "type");
    if (name === undefined || name === null) return z.string();
    if (!isTypeName(name)) throw new UnsupportedKeywordError(badType(py(name)));
    return bareType(name);
  }

  function extractFieldType(key: string, value: Json, modelName: string, depth: number): z.core.$ZodType {
    const t = own(value, "type");
    if (!isTypeName(t)) {
      throw new UnsupportedKeywordError(`Unsupported or missing type \`${py(t)}\` for field \`${key}\` in \`${modelName}\``);
    }
    // Upstream resolves array items eagerly (their errors come first), constraints lazily.
    let item: z.core.$ZodType | undefined;
    if (t === "array") {
      const items = objectAt(has(value, "items") ? own(value, "items") : { type: "string" }, `\`items\` of field \`${key}\``);
      item =
        !has(items, "$ref") && own(items, "type") === "object" && has(items, "properties")
          ? nestedModel(buildModel(items, `${key}_${md5Prefix(`${modelName}_${key}`)}`, depth + 1))
          : itemType(items, key, modelName, (name) => `Unsupported or missing item type \`${name}\` for array field \`${key}\` in \`${modelName}\``);
    }
    if (has(value, "format")) {
      const format = own(value, "format");
      const make = typeof format === "string" ? FORMATS.get(format) : undefined;
      if (make === undefined) throw new FormatNotSupportedError(`Unknown format \`${py(format)}\` for \`${key}\` in \`${modelName}\``);
      return make(); // replaces the type and drops its constraints, as upstream does
    }
    if (item !== undefined) return list(item, length(value, "minItems"), length(value, "maxItems"));
    const rules: readonly Rule<never>[] =
      t === "string" ? stringRules(key, value, modelName) : t === "integer" || t === "number" ? bounds(value, t === "integer") : [];
    return constrained(bareType(t) as z.core.$ZodType<never>, rules, t); // `expected` is the type name
  }

  function stringRules(key: string, value: Json, modelName: string): Rule<string>[] {
    const rules: Rule<string>[] = [];
    const min = length(value, "minLength");
    const max = length(value, "maxLength");
    if (min !== undefined) rules.push(rule((s) => codePointLength(s) >= min, "string_too_short", `String should have at least ${plural(min, "character")}`));
    if (max !== undefined) rules.push(rule((s) => codePointLength(s) <= max, "string_too_long", `String should have at most ${plural(max, "character")}`));
    if (has(value, "pattern")) {
      const source = own(value, "pattern");
      if (typeof source !== "string") throw new SchemaConversionError(`\`pattern\` of field \`${key}\` in \`${modelName}\` must be a string`);
      let re: RegExp;
      try {
        re = translatePattern(source);
      } catch (e) {
        throw new SchemaConversionError(`Invalid \`pattern\` ${pyReprString(source)} for field \`${key}\` in \`${modelName}\`: ${(e as Error).message}`);
      }
      rules.push(rule((s) => re.test(s), "string_pattern_mismatch", `String should match pattern '${source}'`));
    }
    return rules;
  }
  return convertRoot;
}

// ---------------------------------------------------------------------------------------
// Entry point

/**
 * Builds the zod schema of a structured message's content from a JSON Schema, as AutoGen's
 * `StructuredMessageFactory(json_schema=…)` / `schema_to_pydantic_model` does: one field per
 * `properties` entry, in that order (the order `dump` writes), unknown keys dropped, required
 * fields required, other fields defaulted (to their `default`, else to `null`).
 *
 * Throws {@link SchemaConversionError} (or a subclass) for what upstream refuses: unknown
 * types and formats, unresolvable `$ref`s, field names pydantic rejects (leading `_`,
 * `model_config`, …), patterns Rust's regex engine refuses, and schemas nested deeper than
 * {@link MAX_SCHEMA_DEPTH}.
 *
 * Differences from Python: JavaScript objects put integer-like keys (`"1"`, `"42"`) first,
 * whatever the schema's order; numbers cannot tell `3.0` from `3`, so an integral float passes
 * as an int (also for the strict `int32`/`int64` formats); `pattern`s run on JavaScript's
 * backtracking engine (a hostile pattern can be slow, where Rust's is linear-time); formats
 * `date`, `time`, `duration` stay the strings given, `byte`/`binary` take strings (as
 * `model_validate_json` does), `email` uses zod's address pattern instead of email-validator,
 * `json` parses with `JSON.parse` (no `NaN`); error paths inside a discriminated union do not
 * name the tag.
 *
 * @example
 * const Weather = contentSchemaFromJsonSchema({
 *   properties: { city: { type: "string" }, temperature: { type: "number" } },
 *   required: ["city", "temperature"],
 * }, "Weather");
 * Weather.parse({ temperature: "21.5", city: "Oslo" }) // { city: "Oslo", temperature: 21.5 }
 */
export function contentSchemaFromJsonSchema(schema: Record<string, unknown>, modelName = "GeneratedModel"): z.ZodMiniObject<any> {
  if (!isPlainObject(schema)) throw new SchemaConversionError(`The schema must be a JSON object, got ${jsonTypeName(schema)}`);
  if (typeof modelName !== "string") throw new SchemaConversionError("The model name must be a string");
  return converter(schema)(modelName);
}
