/**
 * The small vocabulary the config classes are written in. Each helper returns a zod schema (so
 * the config types are inferred), and records in {@link fieldMeta} what zod's definition cannot
 * say: Python's default, a `SecretStr`, a value AutoGen dumps in clear but that is still
 * sensitive, a `Dict[str, X]`, a free `Any`, a nested component. The walkers (dump, redaction,
 * JSON text, JSON Schema) read the schema and this registry, so a field is described once.
 */
import * as z from "zod/mini";
import { LaxFloat, checkedSchema, looseJsonObject } from "../wire/fields.js";
import { fail, jsonTypeName, pass, type Check } from "../wire/check.js";
import { copyJsonObject, copyJsonValue, isPlainObject, nonPlainName, setOwn, type JsonObject, type JsonValue } from "../wire/json-data.js";
import { withMessageErrors, type MessageObject } from "../parse.js";
import { DECLINE, compileParser, type Compiler } from "../fast/compile.js";

/** What a walker needs to know about a schema beyond its zod definition. */
export interface FieldMeta {
  /** `component`: a nested `ComponentModel`; `dict`: `Dict[str, X]`; `json`: `Any`; `secret`: `SecretStr`; `sensitive`: kept in dumps, never echoed, redacted by `redactSecrets`. */
  readonly kind?: "component" | "dict" | "json" | "secret" | "sensitive";
  /** For `dict`: the schema of each value. */
  readonly value?: z.core.$ZodType;
  /** For `component`: the roles (Python base classes) a nested component may have; `null`: any. */
  readonly roles?: readonly string[] | null;
  /** For `component`: a plain JSON object (without `provider`) is accepted too (`ComponentModel | Dict[str, Any]`). */
  readonly orObject?: boolean;
  /** Python's default for an optional field (absent when the field has none). */
  readonly default?: unknown;
  /** AutoGen declares the field required although it admits `None` (absence is read as `None`). */
  readonly pyRequired?: boolean;
  /**
   * A float field whose int default AutoGen writes as declared: the default of a model the user
   * builds is not validated, and `_to_config` passes the model on as it is (MCP server params).
   */
  readonly intDefault?: boolean;
  /** A config class or nested model: its Python name (JSON Schema titles and `$defs`). */
  readonly name?: string;
}

/**
 * The metadata of the component schemas (see {@link FieldMeta}).
 *
 * @example fieldMeta.get(SecretStr)?.kind // "secret"
 */
export const fieldMeta = /* @__PURE__ */ new WeakMap<z.core.$ZodType, FieldMeta>();

/**
 * Records `meta` for `schema` and returns the schema.
 *
 * @example mark(z.string(), { name: "X" })
 */
export function mark<S extends z.core.$ZodType>(schema: S, meta: FieldMeta): S {
  fieldMeta.set(schema, meta);
  return schema;
}

/** A transform's context; on the compiled loading path (fast-forms.ts) it carries the compiler. */
export type Ctx = { issues: z.core.$ZodRawIssue[]; compiler?: Compiler };

/**
 * `schema`'s result for `input` inside a transform: zod's, its issues forwarded to `ctx` under
 * `path` (`z.NEVER` then); on the compiled path, the compiled parser's (DECLINE where it declines).
 *
 * @example parsed(envelopeSchema(spec), value, ctx)
 */
export function parsed(schema: z.core.$ZodType, input: unknown, ctx: Ctx, path: PropertyKey[] = []): unknown {
  const c = ctx.compiler;
  if (c) return compileParser(schema, c.done, c.jit)?.(input) ?? DECLINE;
  const r = z.safeParse(schema, input);
  if (r.success) return r.data;
  for (const issue of r.error.issues) ctx.issues.push((path.length ? { ...issue, path: [...path, ...issue.path] } : issue) as never);
  return z.NEVER;
}

// ---- sensitive leaves: their errors never show the value -------------------------------

/** `expected <what>, got <JSON type>`: the value itself is never quoted. */
function typeOnly(code: string, what: string, value: unknown): Check<never> {
  return fail(code, `expected ${what}, got ${nonPlainName(value)}`);
}

function checkSecretString(value: unknown): Check<string> {
  return typeof value === "string" ? pass(value) : typeOnly("string_type", "string", value);
}

/**
 * The path of a problem inside a credential map, its keys masked as the values are: a header
 * name or an env variable can be the secret itself (`{ "sk-…": 1 }` pasted as a key).
 *
 * @example maskedPath(["sk-live-1", 0]) // ["**********", 0]
 */
export function maskedPath(path: readonly (string | number)[]): (string | number)[] {
  return path.map((seg) => (typeof seg === "string" ? "**********" : seg));
}

function checkSecretStringMap(value: unknown): Check<Record<string, string>> & { path?: (string | number)[] } {
  if (!isPlainObject(value)) return typeOnly("dict_type", "an object", value);
  const out: Record<string, string> = {};
  for (const key of Object.keys(value)) {
    const v = value[key];
    if (typeof v !== "string") return { ...typeOnly("string_type", "string", v), path: maskedPath([key]) };
    setOwn(out, key, v);
  }
  return pass(out);
}

function checkSecretJsonObject(value: unknown): Check<JsonObject> & { path?: (string | number)[] } {
  if (!isPlainObject(value)) return typeOnly("dict_type", "an object", value);
  const r = copyJsonObject(value);
  return r.ok ? r : { ok: false, code: r.code, message: "expected JSON data", path: maskedPath(r.path) };
}

/**
 * pydantic's `SecretStr`: a string, dumped by AutoGen as `"**********"`. Its errors name the
 * problem, never the value.
 *
 * @example SecretStr.parse("sk-…") // "sk-…"; dumpComponent writes "**********"
 */
export const SecretStr = /* @__PURE__ */ mark(checkedSchema("string", checkSecretString), { kind: "secret" });

/** A string AutoGen dumps in clear (`azure_ad_token`, a Redis `password`) but that is a credential. */
export const SensitiveStr = /* @__PURE__ */ mark(checkedSchema("string", checkSecretString), { kind: "sensitive" });

/** `Dict[str, str]` of credentials AutoGen dumps in clear (MCP `env`, HTTP headers). */
export const SensitiveStrMap = /* @__PURE__ */ mark(checkedSchema("object", checkSecretStringMap), { kind: "sensitive" });

/** `Dict[str, Any]` of credentials AutoGen dumps in clear (MCP / HTTP `headers`). */
export const SensitiveJsonObject = /* @__PURE__ */ mark(checkedSchema("object", checkSecretJsonObject), { kind: "sensitive" });

// ---- free-form data ----------------------------------------------------------------------

/**
 * `Any`: any JSON value, deep-copied (`__proto__` keys kept as data, nesting bounded).
 *
 * @example AnyJson.parse([1, { a: null }]) // [1, { a: null }]
 */
export const AnyJson = /* @__PURE__ */ mark(checkedSchema<JsonValue>("JSON value", (v) => copyJsonValue(v)), { kind: "json" });

/**
 * `Dict[str, X]`: a JSON object whose values are each validated by `value`. Keys such as
 * `__proto__` stay own data properties (zod's `record` would drop them).
 *
 * @example dict(LaxInt).parse({ a: "1" }) // { a: 1 }
 */
export function dict<V extends z.core.$ZodType>(value: V): z.ZodMiniType<Record<string, z.output<V>>, Record<string, z.input<V>>> {
  const schema = z.pipe(
    z.unknown(),
    z.transform((input: unknown, ctx) => {
      if (!isPlainObject(input)) {
        ctx.issues.push({ code: "custom", input, path: [], message: `expected an object, got ${nonPlainName(input)}`, params: { code: "dict_type", expected: "object" } });
        return z.NEVER;
      }
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(input)) {
        const r = parsed(value as z.core.$ZodType, input[key], ctx, [key]);
        if (r === DECLINE) return r;
        if (r !== z.NEVER) setOwn(out, key, r);
      }
      return out;
    }),
  );
  fieldMeta.set(schema, { kind: "dict", value: value as z.core.$ZodType });
  return schema as unknown as z.ZodMiniType<Record<string, z.output<V>>, Record<string, z.input<V>>>;
}

// ---- optionality, as pydantic declares it --------------------------------------------------

/**
 * `x: X = default`: the field may be absent (AutoGen then uses `dflt`). Absent stays absent:
 * the library never writes a default the document did not hold.
 *
 * @example opt(LaxInt, 60) // timeout: int = 60
 */
export function opt<S extends z.core.$ZodType>(schema: S, dflt?: unknown): z.ZodMiniOptional<S> {
  return mark(z.optional(schema), dflt === undefined ? {} : { default: dflt });
}

/**
 * `x: float = <int>` on a model AutoGen dumps as the user built it: the default is written as
 * declared (`5`, not `5.0`), while a value that was set is validated to a float.
 *
 * @example floatWithIntDefault(5) // SseServerParams.timeout
 */
export function floatWithIntDefault(dflt: number) {
  return mark(z.optional(LaxFloat), { default: dflt, intDefault: true });
}

/**
 * `x: X | None = default` (default `None` unless given): absent, `null` or an `X`. `null` is
 * kept in memory and left out of dumps, as `exclude_none` does.
 *
 * @example nul(z.string()) // system_message: str | None = None
 */
export function nul<S extends z.core.$ZodType>(schema: S, dflt: unknown = null): z.ZodMiniOptional<z.ZodMiniNullable<S>> {
  return mark(z.optional(z.nullable(schema)), { default: dflt });
}

/**
 * `x: X | None` without a default: AutoGen requires the key, yet its own `dump_component()`
 * omits it when it is `None`. The library reads absence as `None` so that such dumps load.
 *
 * @example nulRequired(LaxInt) // max_total_token: int | None
 */
export function nulRequired<S extends z.core.$ZodType>(schema: S): z.ZodMiniOptional<z.ZodMiniNullable<S>> {
  return mark(z.optional(z.nullable(schema)), { pyRequired: true });
}

/**
 * `api_key: SecretStr | None = None`.
 *
 * @example secret() // api_key
 */
export function secret() {
  return nul(SecretStr);
}

// ---- models ----------------------------------------------------------------------------------

/**
 * A pydantic model or TypedDict named `name`: fields in declaration order (the dump order),
 * unknown keys dropped as pydantic's default `extra="ignore"` does.
 *
 * @example model("Handoff", { target: z.string(), … })
 */
export function model<const S extends z.core.$ZodLooseShape>(
  name: string,
  shape: S,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- checks on the parsed config, typed by their own parameter
  ...checks: z.core.$ZodCheck<any>[]
): MessageObject<S> {
  const schema = z.object(shape);
  // Its own parse reports a MessageValidationError named for the class, as load's does.
  return withMessageErrors(name, mark((checks.length ? schema.check(...checks) : schema), { name }));
}

/** Python's `str.isidentifier()`: XID_Start or `_`, then XID_Continue characters. */
const IDENTIFIER = /^[\p{XID_Start}_]\p{XID_Continue}*$/u;

/**
 * Whether `s` is a valid Python identifier, as `str.isidentifier()` decides.
 *
 * @example isPythonIdentifier("writer_2") // true; isPythonIdentifier("2nd") // false
 */
export function isPythonIdentifier(s: string): boolean {
  return IDENTIFIER.test(s);
}

/**
 * A string that must be a Python identifier (AutoGen raises `message` otherwise).
 *
 * @example identifier("The agent name must be a valid Python identifier.")
 */
export function identifier(message: string) {
  return z.string().check(z.refine(isPythonIdentifier, { message }));
}

/**
 * A pydantic model with `extra="allow"` (the MCP types): unknown keys are kept, after the
 * declared fields, as pydantic dumps them.
 *
 * @example looseModel("Root", { uri: z.string() })
 */
export function looseModel<const S extends z.core.$ZodLooseShape>(name: string, shape: S): z.ZodMiniObject<S, z.core.$loose> {
  return mark(looseJsonObject(shape), { name });
}
