/**
 * Schemas built without a zod class the bundle would otherwise carry (`z.custom`, `z.catch`, `z.enum`)
 * behave exactly as the zod constructs they replace: same results, same issues (key order
 * included), same optionality inside an object, same inferred types.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import * as z from "zod/mini";
import {
  FinishReasons,
  MemoryMimeType,
  StructuredMessage,
  structuredMessageSchema,
  type StructuredMessageType,
} from "../../src/index.js";
import { isStructuredMessageType } from "../../src/schemas/chat-messages.js";
import { toJSONSchema } from "../../src/json-schema/index.js";

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

describe("FinishReasons and MemoryMimeType (z.enum without its class)", () => {
  const cases = [
    ["FinishReasons", FinishReasons, z.enum(["stop", "length", "function_calls", "content_filter", "unknown"])],
    [
      "MemoryMimeType",
      MemoryMimeType,
      z.enum({ TEXT: "text/plain", JSON: "application/json", MARKDOWN: "text/markdown", IMAGE: "image/*", BINARY: "application/octet-stream" }),
    ],
  ] as const;

  it.each(cases)("%s: same results, issues and options as z.enum", (_name, schema, reference) => {
    expect(schema.options).toEqual(reference.options);
    for (const input of [...reference.options, "STOP", "text/html", "", 1, null, undefined, ["stop"]]) {
      expect(outcome(schema, input)).toBe(outcome(reference, input));
    }
  });

  it("keeps z.enum's types", () => {
    const reference = z.enum(["stop", "length", "function_calls", "content_filter", "unknown"]);
    expectTypeOf<z.infer<typeof FinishReasons>>().toEqualTypeOf<z.infer<typeof reference>>();
    expectTypeOf<z.input<typeof FinishReasons>>().toEqualTypeOf<z.input<typeof reference>>();
    expectTypeOf(FinishReasons.options).toEqualTypeOf<("stop" | "length" | "function_calls" | "content_filter" | "unknown")[]>();
    expectTypeOf<z.input<typeof MemoryMimeType>>().toEqualTypeOf<"text/plain" | "application/json" | "text/markdown" | "image/*" | "application/octet-stream">();
  });

  it("carries classic zod's enum map: member names for MemoryMimeType, the values for a list", () => {
    expect(MemoryMimeType.enum.JSON).toBe("application/json");
    expect(MemoryMimeType.enum).toEqual({ TEXT: "text/plain", JSON: "application/json", MARKDOWN: "text/markdown", IMAGE: "image/*", BINARY: "application/octet-stream" });
    expect(MemoryMimeType.options).toEqual(["text/plain", "application/json", "text/markdown", "image/*", "application/octet-stream"]);
    expect(FinishReasons.enum.function_calls).toBe("function_calls");
    expectTypeOf(MemoryMimeType.enum.IMAGE).toEqualTypeOf<"image/*">();
  });

  it("writes the same JSON Schema as an enum (a string enum)", () => {
    expect(toJSONSchema("FinishReasons")).toMatchObject({ type: "string", enum: ["stop", "length", "function_calls", "content_filter", "unknown"] });
  });
});
