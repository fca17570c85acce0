/**
 * The fields of zod's internal schema definitions (`schema._zod.def`) that the library's
 * schema walkers read: dump, the fast loading path, float-aware rendering and the test
 * arbitraries. One description, so a zod upgrade that moves a field is fixed in one place.
 */
import * as z from "zod/mini";
import { processWide } from "./process-wide.js";

/** A zod schema definition, as far as the walkers read it (stable across zod 4 minor versions). */
export interface ZodDef {
  readonly type: string;
  readonly shape?: Record<string, z.core.$ZodType>;
  readonly catchall?: unknown;
  readonly element?: z.core.$ZodType;
  readonly innerType?: z.core.$ZodType;
  readonly valueType?: z.core.$ZodType;
  readonly keyType?: z.core.$ZodType;
  readonly options?: z.core.$ZodType[];
  readonly discriminator?: string;
  readonly values?: unknown[];
  readonly entries?: Record<string, unknown>;
  readonly checks?: { _zod?: { def?: { format?: string } } }[];
  readonly format?: string;
  readonly coerce?: boolean;
  readonly fn?: (value: unknown) => unknown;
  readonly getter?: () => z.core.$ZodType;
  readonly in?: z.core.$ZodType;
  readonly out?: z.core.$ZodType;
  readonly defaultValue?: unknown;
}

/**
 * The definition of a zod schema.
 *
 * @example zodDef(z.array(z.string())).type // "array"
 */
export function zodDef(schema: z.core.$ZodType): ZodDef {
  return (schema as unknown as { _zod: { def: ZodDef } })._zod.def;
}

/**
 * zod/mini's equivalent of classic `z.preprocess(fn, schema)`: `fn` runs on the raw input
 * before `schema` validates it. `fn` may push issues to `ctx.issues`.
 */
export function preprocess<S extends z.core.$ZodType>(fn: (value: unknown, ctx: z.core.ParsePayload) => unknown, schema: S) {
  return z.pipe(z.transform(fn), schema as z.core.$ZodType<unknown, unknown>) as unknown as z.ZodMiniPipe<z.ZodMiniTransform<unknown, unknown>, S>;
}

/** What {@link guarded} records for each schema it builds. */
export interface Guard {
  /** Whether the value passes (unchanged). */
  readonly test: (value: unknown) => boolean;
}

/**
 * The schemas {@link guarded} built, with their test: the fast loading path calls the test
 * directly instead of running the pipe.
 *
 * @example guards.get(StructuredMessage.shape.type)?.test("StructuredMessage[W]") // true
 */
export const guards = /* @__PURE__ */ processWide("guards", () => z.registry<Guard>());

/**
 * `z.custom<T>(test, { message })` built from classes every bundle already has (zod's
 * `$ZodCustom` would add its own): the value passes unchanged when `test` accepts it, else
 * the same issue `z.custom` reports (code `custom`, `message`, empty path; absent is not
 * optional). Types as `z.custom<T>` does: input and output `T`.
 *
 * @example guarded((v): v is string => typeof v === "string", "expected a string").parse("x") // "x"
 */
export function guarded<T>(test: (value: unknown) => value is T, message: string): z.ZodMiniType<T, T> {
  const schema = z.pipe(
    z.unknown(),
    z.transform((value: unknown, ctx) => {
      if (test(value)) return value;
      ctx.issues.push({ code: "custom", input: value, path: [], message });
      return z.NEVER;
    }),
  );
  guards.add(schema, { test });
  return schema as unknown as z.ZodMiniType<T, T>;
}

/**
 * `z.enum(values)` as the literal union it validates, with the same `options`: the same
 * results, issues (`invalid_value` with the values), JSON Schema and inferred type, without
 * zod's `$ZodEnum` class in the bundle (the string enums here are all z.enum is used for).
 * Also carries classic zod's `enum` map (member name → value; for a list, each value names itself).
 *
 * @example literalEnum(["first", "last"]).options // ["first", "last"]
 * @example literalEnum({ TEXT: "text/plain" }).enum.TEXT // "text/plain"
 */
export function literalEnum<const T extends string>(values: readonly T[]): LiteralEnum<{ readonly [V in T]: V }>;
export function literalEnum<const E extends Readonly<Record<string, string>>>(entries: E): LiteralEnum<E>;
export function literalEnum(spec: readonly string[] | Readonly<Record<string, string>>): LiteralEnum<Readonly<Record<string, string>>> {
  const entries: Readonly<Record<string, string>> = isList(spec) ? Object.fromEntries(spec.map((v) => [v, v])) : spec;
  const values: string[] = Object.values(entries);
  return Object.assign(z.literal(values), { options: values, enum: entries });
}

// Array.isArray does not narrow a readonly array out of a union.
const isList = (spec: unknown): spec is readonly string[] => Array.isArray(spec);

/**
 * The schema type of the library's string enums (`FinishReasons`, `MemoryMimeType`, AgentScope's
 * `MsgRole`): a zod literal union with `options` (the values) and `enum` (member name → value).
 *
 * @example MemoryMimeType.enum.JSON // "application/json"; MemoryMimeType.options lists all five
 */
export type LiteralEnum<E extends Readonly<Record<string, string>>> = z.ZodMiniLiteral<E[keyof E]> & {
  /** The accepted values, in declaration order. */
  readonly options: E[keyof E][];
  /** Member name → value, as classic zod's `z.enum(...).enum`. */
  readonly enum: E;
};
