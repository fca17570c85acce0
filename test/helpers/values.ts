/**
 * Comparing loaded values: key order made visible, generated fields masked.
 */
import { expect } from "vitest";

/** Key paths in order, so two values with the same entries in a different order differ. */
export function keyOrder(v: unknown, path = "$", out: string[] = []): string[] {
  if (v !== null && typeof v === "object") {
    for (const k of Object.keys(v)) {
      out.push(`${path}.${k}`);
      keyOrder((v as Record<string, unknown>)[k], `${path}.${k}`, out);
    }
  }
  return out;
}

/** The value with `id` / `created_at` masked where the payload left them to be generated. */
export function masked(value: unknown, payload: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const p = (payload ?? {}) as Record<string, unknown>;
  const out = { ...(value as Record<string, unknown>) };
  for (const k of ["id", "created_at"]) if (k in out && p[k] === undefined) out[k] = "<generated>";
  return out;
}

/** The error `f` throws, which must be an instance of `type`. */
export function thrownBy<E extends Error>(f: () => unknown, type: new (...args: never[]) => E): E {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(type);
    return e as E;
  }
  throw new Error(`expected a ${type.name}`);
}
