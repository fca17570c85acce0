/**
 * A JS `-0` is a Python float: Python ints have no negative zero and Python's encoders never
 * write `-0` for an int, so JSON `-0.0` (or `-0`) parsed into `-0` renders `-0.0`. Expected
 * strings are CPython 3.11's: json.dumps({"x": -0.0}) == '{"x": -0.0}', repr(-0.0) == '-0.0',
 * '{x:.2f}'.format(x=-0.0) == '-0.00', '{x:g}' == '-0', '{x:d}' raises ValueError.
 */
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { load, type AnyChatMessage, pyFormat, pydanticJson, pyRepr, pyStr, toModelText, toPythonValues, toText } from "../../src/index.js";

const structured = (content: object, format_string: string | null = null) =>
  load({ type: "StructuredMessage[Verdict]", source: "critic", content, format_string }) as AnyChatMessage;

describe("-0 from JSON renders as the float -0.0", () => {
  it("JSON.parse keeps the sign", () => {
    expect(Object.is(JSON.parse("-0.0"), -0)).toBe(true);
  });

  it("unregistered StructuredMessage content: toText, toModelText (pydantic's JSON)", () => {
    const m = structured(JSON.parse('{"approved": false, "score": -0.0, "n": 0}'));
    expect(toText(m)).toBe('{"approved":false,"score":-0.0,"n":0}');
    expect(toModelText(m)).toBe('{"approved":false,"score":-0.0,"n":0}');
  });

  it("format strings: str(), format specs, conversions", () => {
    const m = structured({ score: -0 }, "{score} {score:.2f} {score:g} {score!r} {score:+}");
    expect(toText(m)).toBe("-0.0 -0.00 -0 -0.0 -0.0");
    expect(() => pyFormat("{x:d}", { x: -0 })).toThrow("Unknown format code 'd' for object of type 'float'");
  });

  it("repr / str of containers holding -0", () => {
    expect(pyRepr([-0, 0])).toBe("[-0.0, 0]");
    expect(pyStr({ a: -0 })).toBe("{'a': -0.0}");
  });

  it("a MemoryQueryEvent's metadata (Dict[str, Any])", () => {
    const e = load({ type: "MemoryQueryEvent", source: "m", content: [{ content: "c", mime_type: "text/plain", metadata: { s: -0 } }] });
    expect(toText(e)).toBe("[MemoryContent(content='c', mime_type='text/plain', metadata={'s': -0.0})]");
  });

  it("a declared int field holds 0 (pydantic coerces -0.0 to the int 0); int | float keeps the float", () => {
    const schema = z.object({ i: z.int(), u: z.union([z.int(), z.number()]) });
    expect(pydanticJson(toPythonValues(schema, { i: -0, u: -0 }))).toBe('{"i":0,"u":-0.0}');
  });
});
