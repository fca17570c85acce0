/**
 * Property tests over every message kind, with arbitraries derived from the zod schemas
 * (test/helpers/arbitraries.ts): round trips through load/dump and JSON text, renderers that
 * never throw on valid messages, and a loader that never touches its input.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import {
  JsonObjectSchema,
  LaxFloat,
  MemoryContent,
  MessageRegistry,
  MessageValidationError,
  decodeBase64,
  dump,
  load,
  safeLoad,
  safeParseWith,
  toModelMessage,
  toModelText,
  toText,
  type AnyChatMessage,
} from "../src/index.js";
import { checkImageData } from "../src/wire/image-data.js";
import { toOpenAIMessages } from "../src/providers/openai/index.js";
import { toAnthropicMessages } from "../src/providers/anthropic/index.js";
import { toAgentScope } from "../src/agentscope/index.js";
import {
  ALL_KINDS,
  FIXTURE_PNGS,
  deepFreeze,
  jsonValueWithNonFinite,
  memoryContentObject,
  messyBase64,
  nonFinite,
  nonFiniteFloatInput,
  type GeneratedKind,
} from "./helpers/arbitraries.js";

const RUNS = { numRuns: 200 };

/** Loads a dumped value the way its kind is read back: `load` for messages, the schema for model-client messages. */
function reload(kind: GeneratedKind, payload: unknown): unknown {
  return kind.group === "llm" ? z.parse(kind.schema, payload) : load(payload);
}

/**
 * Deep equality including key order and prototypes at every level (vitest's `toStrictEqual`
 * compares `.constructor`, which own `constructor` data keys make meaningless here).
 */
function expectSameOrdered(actual: unknown, expected: unknown) {
  expect(orderedDiff(actual, expected)).toBeNull();
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
}

function orderedDiff(a: unknown, e: unknown, path = "$"): string | null {
  if (e === null || typeof e !== "object") return Object.is(a, e) ? null : `${path}: ${String(a)} !== ${String(e)}`;
  if (a === null || typeof a !== "object") return `${path}: expected an object`;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(e)) return `${path}: different prototypes`;
  const ak = Reflect.ownKeys(a);
  const ek = Reflect.ownKeys(e);
  if (ak.length !== ek.length || ak.some((k, i) => k !== ek[i])) return `${path}: keys [${ak.map(String)}] != [${ek.map(String)}]`;
  for (const k of ek) {
    const ad = Object.getOwnPropertyDescriptor(a, k)!;
    const ed = Object.getOwnPropertyDescriptor(e, k)!;
    if (!("value" in ad) || !("value" in ed)) return `${path}.${String(k)}: accessor property`;
    if (k === "length" && Array.isArray(e)) continue;
    const d = orderedDiff(ad.value, ed.value, `${path}.${String(k)}`);
    if (d) return d;
  }
  return null;
}

describe("derived arbitraries", () => {
  it("cover every kind and produce values the kind's own schema accepts unchanged", () => {
    expect(ALL_KINDS.length).toBe(5 + 9 + 1 + 4 + 1);
    expect(FIXTURE_PNGS.length).toBeGreaterThan(0);
    for (const kind of ALL_KINDS) {
      fc.assert(
        fc.property(kind.arbitrary, (m) => {
          expectSameOrdered(z.parse(kind.schema, m), m);
        }),
        { numRuns: 30 },
      );
    }
  });
});

describe.each(ALL_KINDS.map((k) => [k.name, k] as const))("%s", (_name, kind) => {
  it("load(dump(m)) equals m, keys in the same order", () => {
    fc.assert(
      fc.property(kind.arbitrary, (m) => {
        expectSameOrdered(reload(kind, dump(m)), m);
      }),
      RUNS,
    );
  });

  it("dump(m) survives JSON text unchanged and reloads to m", () => {
    fc.assert(
      fc.property(kind.arbitrary, (m) => {
        const dumped = dump(m);
        const text = JSON.stringify(dumped);
        expectSameOrdered(JSON.parse(text), dumped);
        expectSameOrdered(reload(kind, JSON.parse(text)), m);
      }),
      RUNS,
    );
  });

  it("load never changes its (deep-frozen) input", () => {
    fc.assert(
      fc.property(kind.arbitrary, (m) => {
        const payload = dump(m);
        const before = JSON.stringify(payload);
        deepFreeze(payload);
        const loaded = reload(kind, payload);
        expect(JSON.stringify(payload)).toBe(before);
        // Nothing of the result is shared with the input.
        expect(Object.isFrozen(loaded)).toBe(false);
      }),
      RUNS,
    );
  });

  if (kind.group !== "llm") {
    it("toText never throws on a valid message", () => {
      fc.assert(
        fc.property(kind.arbitrary, fc.boolean(), (m, iterm) => {
          // A structured message's format_string may legitimately fail (Python raises too).
          const msg = "format_string" in m ? { ...m, format_string: null } : m;
          expect(typeof toText(msg)).toBe("string");
          expect(typeof toText(msg, { iterm })).toBe("string");
        }),
        RUNS,
      );
    });
  }

  if (kind.group === "chat") {
    it("toModelText and toModelMessage never throw, and the model message is a valid UserMessage", () => {
      fc.assert(
        fc.property(kind.arbitrary, fc.constantFrom<string | null | undefined>(undefined, null, "[img]"), (m, placeholder) => {
          const msg = ("format_string" in m ? { ...m, format_string: null } : m) as AnyChatMessage;
          const opts = placeholder === undefined ? {} : { imagePlaceholder: placeholder };
          expect(typeof toModelText(msg, opts)).toBe("string");
          const um = toModelMessage(msg);
          expect(um.type).toBe("UserMessage");
          expect(um.source).toBe(msg.source);
          expectSameOrdered(dump(um), JSON.parse(JSON.stringify(dump(um))));
        }),
        RUNS,
      );
    });
  }
});

// ---------------------------------------------------------------------------------------
// The classes differential fuzzing against AutoGen 0.7.5 found (issue 22)

/** Python's `str()` / `repr()` / `format(x, ".1f")` of a non-finite float. */
const pyNonFinite = (x: number) => (Number.isNaN(x) ? "nan" : x > 0 ? "inf" : "-inf");

/** Whether a value holds NaN or ±Infinity anywhere. */
function hasNonFinite(v: unknown): boolean {
  if (typeof v === "number") return !Number.isFinite(v);
  return v !== null && typeof v === "object" && Object.values(v).some(hasNonFinite);
}

describe("non-finite floats: what load accepts, dump writes as JSON (null, as pydantic's JSON writer)", () => {
  const reg = new MessageRegistry();
  reg.registerStructuredMessage("Reading", z.object({ label: z.string(), value: LaxFloat, extra: z._default(JsonObjectSchema, {}) }), {
    formatString: "{label}: {value:.1f} {value} {value!r}",
  });

  it("a float field given inf / nan strings, 1e400 or a JS non-finite number", () => {
    fc.assert(
      fc.property(nonFiniteFloatInput, ([input, value]) => {
        const m = reg.load({ type: "StructuredMessage[Reading]", source: "s", content: { label: "x", value: input } });
        expect(Object.is((m as unknown as { content: { value: number } }).content.value, value)).toBe(true);
        const dumped = dump(m) as { content: Record<string, unknown> };
        expect(hasNonFinite(dumped)).toBe(false);
        expect(JSON.parse(JSON.stringify(dumped)).content).toEqual({ label: "x", value: null, extra: {} });
        const py = pyNonFinite(value);
        expect(toText(m, { registry: reg })).toBe(`x: ${py} ${py} ${py}`);
        expect(toText({ ...m, format_string: null } as AnyChatMessage, { registry: reg })).toBe('{"label":"x","value":null,"extra":{}}');
      }),
      RUNS,
    );
  });

  it("free-form values (MemoryContent.metadata) keep ±inf / nan, dump them null, repr them as Python", () => {
    fc.assert(
      fc.property(jsonValueWithNonFinite, nonFinite, (v, scalar) => {
        const payload = { type: "MemoryQueryEvent", source: "s", content: [{ content: "c", mime_type: "text/plain", metadata: { k: v, s: scalar } }] };
        const m = load(payload);
        const dumped = dump(m);
        expect(hasNonFinite(dumped)).toBe(false);
        // JSON.stringify writes a non-finite number null too: the expectation for the whole value.
        expect(JSON.stringify(dumped)).toBe(JSON.stringify({ ...(JSON.parse(JSON.stringify(dumped)) as object), content: JSON.parse(JSON.stringify(payload.content)) }));
        expect(toText(m)).toContain(`'s': ${pyNonFinite(scalar)}})]`);
        // From JSON text: 1e400 is Python's inf (JSON.parse gives Infinity).
        const fromText = load(JSON.parse('{"type": "MemoryQueryEvent", "source": "s", "content": [{"content": "c", "mime_type": "t", "metadata": {"a": 1e400, "b": [-1e400]}}]}'));
        expect(toText(fromText)).toBe("[MemoryContent(content='c', mime_type='t', metadata={'a': inf, 'b': [-inf]})]");
        expect(JSON.stringify((dump(fromText) as { content: unknown }).content)).toBe('[{"content":"c","mime_type":"t","metadata":{"a":null,"b":[null]}}]');
      }),
      RUNS,
    );
  });
});

describe("base64 with characters Python's b64decode discards", () => {
  it("decodes to the same bytes, is accepted, kept as received, and sent canonical", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FIXTURE_PNGS).chain((png) => messyBase64(png).map((messy) => [png, messy] as const)),
        ([png, messy]) => {
          expect(Buffer.from(decodeBase64(messy)).equals(Buffer.from(png, "base64"))).toBe(true);
          expect(checkImageData(messy)).toEqual({ ok: true, value: messy });
          const m = load({ type: "MultiModalMessage", source: "s", content: ["look", { data: messy }] });
          expect((dump(m) as { content: unknown[] }).content[1]).toEqual({ data: messy });
          const [sent] = toOpenAIMessages([toModelMessage(m as AnyChatMessage)], { model: "gpt-4o" }) as unknown as [{ content: { image_url?: { url: string } }[] }];
          const canonical = Buffer.from(png, "base64").toString("base64");
          expect(sent.content[1]!.image_url!.url).toBe(`data:image/png;base64,${canonical}`);
          const anthropic = toAnthropicMessages([toModelMessage(m as AnyChatMessage)], { model: "claude-sonnet-4-20250514" });
          expect(JSON.stringify(anthropic)).toContain(`"data":"${canonical}"`);
          expect(JSON.stringify(toAgentScope(m))).toContain(`"data":"${canonical}"`);
        },
      ),
      RUNS,
    );
  });
});

describe("MemoryContent objects with a data key (AutoGen runs Image's validator on them)", () => {
  it("are rejected at content.data exactly where AutoGen crashes, kept where it keeps the dict", () => {
    fc.assert(
      fc.property(memoryContentObject, ({ content, accepted }) => {
        const r = safeLoad({ type: "MemoryQueryEvent", source: "s", content: [{ content, mime_type: "image/*" }] });
        expect(r.success, r.success ? "" : r.error.message).toBe(accepted);
        const alone = safeParseWith(MemoryContent, { content, mime_type: "image/*" }, "MemoryContent");
        expect(alone.success).toBe(accepted);
        if (r.success) {
          expect((dump(r.data) as { content: { content: unknown }[] }).content[0]!.content).toEqual(JSON.parse(JSON.stringify(content)));
        } else {
          expect(MessageValidationError.isInstance(r.error)).toBe(true);
          expect(r.error.issues[0]!.path).toEqual(["content", 0, "content", "data"]);
          expect(r.error.message).toContain("AutoGen reads an object with a \"data\" key as an image");
        }
      }),
      RUNS,
    );
  });
});
