/**
 * The fields of zod's internal schema definitions (`schema._zod.def`) that the library's
 * schema walkers read: dump, the fast loading path, float-aware rendering and the test
 * arbitraries. One description, so a zod upgrade that moves a field is fixed in one place.
 */
import type * as z from "zod";

/** A zod schema definition, as far as the walkers read it (stable across zod 4 minor versions). */
export interface ZodDef {
  readonly type: string;
  readonly shape?: Record<string, z.ZodType>;
  readonly catchall?: unknown;
  readonly element?: z.ZodType;
  readonly innerType?: z.ZodType;
  readonly valueType?: z.ZodType;
  readonly keyType?: z.ZodType;
  readonly options?: z.ZodType[];
  readonly discriminator?: string;
  readonly values?: unknown[];
  readonly entries?: Record<string, unknown>;
  readonly checks?: { _zod?: { def?: { format?: string } } }[];
  readonly format?: string;
  readonly coerce?: boolean;
  readonly fn?: (value: unknown) => unknown;
  readonly getter?: () => z.ZodType;
  readonly in?: z.ZodType;
  readonly out?: z.ZodType;
  readonly defaultValue?: unknown;
}

/**
 * The definition of a zod schema.
 *
 * @example zodDef(z.array(z.string())).type // "array"
 */
export function zodDef(schema: z.ZodType): ZodDef {
  return (schema as unknown as { _zod: { def: ZodDef } })._zod.def;
}
