/**
 * Schemas built without a zod class the bundle would otherwise carry (`z.custom`, `z.catch`)
 * behave exactly as the zod constructs they replace: same results, same issues (key order
 * included), same optionality inside an object, same inferred types.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import * as z from "zod/mini";
import { StructuredMessage, isStructuredMessageType, structuredMessageSchema, type StructuredMessageType } from "../../src/index.js";

const INPUTS: unknown[] = ["StructuredMessage[W]", "StructuredMessage[]", "TextMessage", 3, null, {}, [], undefined];
const base = { source: "a", content: { x: 1 } };

/** The parse outcome as JSON text: the value, or the issues with their key order. */
function outcome(schema: z.core.$ZodType, input: unknown): string {
  const r = z.safeParse(schema, input);
  const { id: _id, created_at: _c, ...rest } = (r.data ?? {}) as Record<string, unknown>;
  return JSON.stringify(r.success ? rest : r.error.issues);
}

describe("StructuredMessage.type (z.custom without its class)", () => {
  const reference = z.object({
    ...StructuredMessage.shape,
    type: z.custom<StructuredMessageType>(isStructuredMessageType, { message: 'expected "StructuredMessage[<Name>]"' }),
  });

  it.each(INPUTS.map((t) => [JSON.stringify(t) ?? "absent", t]))("type %s: same result and issues as z.custom", (_name, type) => {
    const payload = type === undefined ? base : { ...base, type };
    expect(outcome(StructuredMessage, payload)).toBe(outcome(reference, payload));
    expect(outcome(StructuredMessage.shape.type, type)).toBe(outcome(reference.shape.type, type));
  });

  it("keeps z.custom's types and requiredness", () => {
    expectTypeOf<z.input<typeof StructuredMessage>["type"]>().toEqualTypeOf<StructuredMessageType>();
    expectTypeOf<z.output<typeof StructuredMessage>["type"]>().toEqualTypeOf<StructuredMessageType>();
    expect(StructuredMessage.shape.type._zod.optin).toBe(reference.shape.type._zod.optin);
  });
});

describe("structuredMessageSchema(...).type (z.catch without its class)", () => {
  const schema = structuredMessageSchema("W", z.object({ x: z.number() }));
  const reference = z.object({ ...schema.shape, type: z.catch(z.literal("StructuredMessage[W]"), "StructuredMessage[W]") });

  it.each(INPUTS.map((t) => [JSON.stringify(t) ?? "absent", t]))("type %s: same result as z.catch", (_name, type) => {
    const payload = type === undefined ? base : { ...base, type };
    expect(outcome(schema, payload)).toBe(outcome(reference, payload));
    expect(outcome(schema, { ...payload, content: { x: "no" } })).toBe(outcome(reference, { ...payload, content: { x: "no" } }));
  });

  it("keeps z.catch's types", () => {
    expectTypeOf<z.input<typeof schema>["type"]>().toEqualTypeOf<"StructuredMessage[W]">();
    expectTypeOf<z.output<typeof schema>["type"]>().toEqualTypeOf<"StructuredMessage[W]">();
  });
});
