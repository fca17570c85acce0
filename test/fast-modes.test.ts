/**
 * The fast path's two compilers (src/fast/compile.ts): generated code (where `new Function` is
 * allowed) and plain closures (zod's `jitless`, strict CSPs, Cloudflare Workers). On every
 * fixture payload and the 10k transcript both give the same answer: the same declines, and
 * accepted values equal in content and key order. test/fast-path.test.ts holds the default
 * (generated) mode against zod; this file holds the closure mode against zod as well. The
 * component models' compiled path (the forms of src/components/fast-forms.ts) is held to zod and
 * to `loadComponent` in both modes on every recorded component model, and on broken copies of each.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { DECLINE, compileParser, type FastParser } from "../src/fast/compile.js";
import { LaxFloat, LaxInt, StringMap, defaultRegistry } from "../src/index.js";
import { LLM_KINDS } from "../src/kinds.js";
import { readJsonl } from "./helpers/fixtures.js";
import { keyOrder, masked } from "./helpers/values.js";
import { Component, safeLoadComponent } from "../src/components/index.js";
import { registerForms } from "../src/components/fast-forms.js";
import { COMPONENT_FILES, allComponents } from "./components/helpers.js";

type Schema = z.core.$ZodType;
const jitCache = new WeakMap<Schema, FastParser | null>();
const plainCache = new WeakMap<Schema, FastParser | null>();

function schemaFor(type: unknown): Schema | undefined {
  if (typeof type !== "string") return undefined;
  return defaultRegistry.kind(type)?.schema ?? LLM_KINDS.get(type);
}

const counts = { accepted: 0, declined: 0 };

/** A plain object as load tests it (written out here: `{}` literal, `JSON.parse` output, null prototype). */
const isPlainData = (v: unknown): boolean =>
  v !== null && typeof v === "object" && !Array.isArray(v) && [Object.prototype, null].includes(Object.getPrototypeOf(v) as object | null);

/** Runs both modes and zod on one payload and checks they agree. */
function agree(schema: Schema, payload: unknown): void {
  const jit = compileParser(schema, jitCache, true);
  const plain = compileParser(schema, plainCache, false);
  expect(jit === null).toBe(plain === null);
  if (!jit || !plain) return;
  const a = jit(payload);
  const b = plain(payload);
  if (isPlainData(payload)) {
    // What load passes for a payload it found plain (the parser then skips its own test): the same answer.
    // (Generated defaults, a fresh id or time, masked.)
    expect(masked(jit(payload, true), payload)).toStrictEqual(masked(a, payload));
    expect(masked(plain(payload, true), payload)).toStrictEqual(masked(b, payload));
  }
  if (a === DECLINE || b === DECLINE) {
    expect(a).toBe(b);
    counts.declined++;
    return;
  }
  counts.accepted++;
  const zod = z.safeParse(schema, payload);
  expect(zod.success).toBe(true);
  const [ma, mb, mz] = [masked(a, payload), masked(b, payload), masked(zod.data, payload)];
  expect(ma).toStrictEqual(mb);
  expect(mb).toStrictEqual(mz);
  expect(keyOrder(ma)).toEqual(keyOrder(mz));
  expect(keyOrder(mb)).toEqual(keyOrder(mz));
}

describe("fast path: generated code and closures agree", () => {
  it("on load-cases.jsonl, messages.jsonl and llm-messages.jsonl", () => {
    for (const rec of readJsonl("autogen/load-cases.jsonl")) {
      const via = rec.via as string;
      const type = via.startsWith("class:") ? via.slice("class:".length) : (rec.payload as { type?: unknown } | null)?.type;
      const schema = schemaFor(type);
      if (schema) agree(schema, rec.payload);
    }
    for (const rec of readJsonl("autogen/messages.jsonl")) {
      const dumped = rec.dump as { type?: unknown } | undefined;
      const schema = schemaFor(dumped?.type);
      if (schema) agree(schema, dumped);
    }
    for (const rec of readJsonl("autogen/llm-messages.jsonl")) {
      const schema = LLM_KINDS.get((rec.payload as { type?: string } | null)?.type ?? "");
      if (schema) agree(schema, rec.payload);
    }
    expect(counts.accepted).toBeGreaterThan(100);
    expect(counts.declined).toBeGreaterThan(100);
  });

  it("on the 10k transcript, where every message is accepted", () => {
    const payloads = JSON.parse(readFileSync(new URL("../bench/data/transcript-10k.json", import.meta.url), "utf8")) as { type: string }[];
    const before = counts.accepted;
    for (const p of payloads) agree(schemaFor(p.type)!, p);
    expect(counts.accepted - before).toBe(payloads.length);
  });

  it("with keys that need quoting in generated code, wrappers and wire fields", () => {
    const Odd = z.object({
      'a"b': z.string(),
      "back\\slash": z.nullable(z.string()),
      "line\u2028sep": z._default(z.literal("x"), "x"),
      constructor: z._default(LaxInt, 7),
      "0": z.array(z.union([z.string(), LaxFloat])),
      "kind": z.enum(["a", "b"]),
      map: z._default(StringMap, () => ({})),
    });
    const good = { 'a"b': "q", "back\\slash": null, constructor: "3", "0": ["s", 1.5, "2"], kind: "b", map: { k: "v" } };
    agree(Odd, good);
    agree(Odd, { ...good, "line\u2028sep": "x", map: {} });
    expect(compileParser(Odd, new WeakMap(), true)!(good)).toEqual({ "0": ["s", 1.5, "2"], 'a"b': "q", "back\\slash": null, "line\u2028sep": "x", constructor: 3, kind: "b", map: { k: "v" } });
    for (const bad of [{ ...good, kind: "c" }, { ...good, "0": [null] }, { ...good, constructor: 1.5 }, { ...good, map: { k: 1 } }, { ...good, "line\u2028sep": "y" }, [good], null]) {
      agree(Odd, bad);
      expect(compileParser(Odd, new WeakMap(), true)!(bad)).toBe(DECLINE);
    }
    // Only `true` tells a parser its value is plain: one handed to `map` (an index as second argument) still tests.
    class Payload { constructor(readonly kind = "a") {} }
    for (const jit of [true, false]) {
      // (The type forbids it; a caller in plain JS, or a cast, can still do it.)
      const Kind = compileParser(z.object({ kind: z.enum(["a", "b"]) }), new WeakMap(), jit)! as unknown as (v: unknown, i: number) => unknown;
      expect([new Payload(), new Payload()].map(Kind)).toEqual([DECLINE, DECLINE]);
      expect([{ kind: "a" }].map(Kind)).toEqual([{ kind: "a" }]);
    }
    // An empty shape: any plain object gives a fresh `{}`.
    const Empty = z.object({});
    agree(Empty, { a: 1 });
    expect(compileParser(Empty, new WeakMap(), true)!({ a: 1 })).toStrictEqual({});
    // A `__proto__` key cannot be an object-literal key: such schemas are left to zod in both modes.
    const Proto = z.object({ ["__proto__"]: z.string() });
    expect(compileParser(Proto, new WeakMap(), true)).toBeNull();
    expect(compileParser(Proto, new WeakMap(), false)).toBeNull();
  });
});

describe("component models (src/components/fast-forms.ts): generated code, closures and zod agree", () => {
  // Nested components included: every component model of the recorded files, as bench/components.ts reads them.
  const docs: Record<string, unknown>[] = [];
  for (const file of COMPONENT_FILES) for (const rec of readJsonl(file)) docs.push(...allComponents(rec));
  registerForms(Component);
  const jit = compileParser(Component, new WeakMap(), true)!;
  const plain = compileParser(Component, new WeakMap(), false)!;

  /** Both modes decline, or both give zod's result (content and key order); `loadComponent` gives it too. */
  function agreeOn(payload: unknown): boolean {
    const a = jit(payload);
    const b = plain(payload);
    const zod = z.safeParse(Component, payload);
    const loaded = safeLoadComponent(payload);
    expect(loaded.success).toBe(zod.success);
    if (zod.success) expect(keyOrder(loaded.data)).toEqual(keyOrder(zod.data));
    if (a === DECLINE || b === DECLINE) {
      expect(a).toBe(b);
      return false;
    }
    expect(zod.success).toBe(true);
    expect(a).toStrictEqual(zod.data);
    expect(b).toStrictEqual(zod.data);
    expect(keyOrder(a)).toEqual(keyOrder(zod.data));
    expect(keyOrder(b)).toEqual(keyOrder(zod.data));
    return true;
  }

  it("every recorded component model but one is accepted, with zod's result", () => {
    expect(docs.length).toBeGreaterThan(400);
    const declined = docs.filter((d) => !agreeOn(d));
    // The one decline: a FunctionTool whose `global_imports` holds an `Alias` object, which the
    // union `str | ImportFromModule | Alias` tries as its first object member only; zod loads it.
    expect(declined.map((d) => (d.config as { name: string }).name)).toEqual(["square_root_critic"]);
    expect(safeLoadComponent(declined[0]).success).toBe(true);
  });

  it("each recorded model broken at its config's first field, its envelope or its provider: declined in both modes, zod reports it", () => {
    let rejected = 0;
    for (const d of docs) {
      const key = Object.keys(d.config as object)[0];
      const broken = [
        { ...d, config: 42 },
        { ...d, provider: 7 },
        { ...d, provider: "NoDotInIt" },
        { ...d, label: ["x"] },
        ...(key === undefined ? [] : [{ ...d, config: { ...(d.config as object), [key]: Symbol("x") } }]),
      ];
      for (const b of broken) {
        expect(agreeOn(b)).toBe(false);
        const r = safeLoadComponent(b);
        expect(r.success).toBe(false);
        if (!r.success) expect(r.error.issues[0]!.path.length).toBeGreaterThan(0);
        rejected++;
      }
    }
    expect(rejected).toBeGreaterThan(2000);
  });

  type Doc = Record<string, unknown> & { config: Record<string, unknown> };
  const first = (provider: string) => () => structuredClone(docs.find((d) => d.provider === provider)!) as Doc;
  const assistant = first("autogen_agentchat.agents.AssistantAgent");
  const client = first("autogen_ext.models.openai.OpenAIChatCompletionClient");

  it("refinements: a failed z.refine (tools with a workbench, a name that is not an identifier) is declined", () => {
    const a = assistant();
    expect(agreeOn(a)).toBe(true);
    const tool = { provider: "autogen_core.tools.FunctionTool", config: { source_code: "def f(): pass", name: "f", description: "", global_imports: [], has_cancellation_support: false } };
    const both = { ...a, config: { ...a.config, tools: [tool], workbench: a.config.workbench ?? [] } };
    if ((both.config.workbench as unknown[]).length === 0) both.config.workbench = [{ provider: "autogen_core.tools.StaticWorkbench", config: { tools: [] } }];
    expect(agreeOn(both)).toBe(false);
    expect(safeLoadComponent(both).error?.message).toContain("Tools cannot be used with a workbench.");
    expect(agreeOn({ ...a, config: { ...a.config, name: "2nd" } })).toBe(false);
  });

  it("aliases and roles: a short provider is resolved, a nested component of the wrong role and an old component_version are declined", () => {
    const a = assistant();
    a.config.model_client = { ...(a.config.model_client as object), provider: "OpenAIChatCompletionClient" };
    expect(agreeOn(a)).toBe(true);
    expect((jit(a) as { config: { model_client: { provider: string } } }).config.model_client.provider).toBe("autogen_ext.models.openai.OpenAIChatCompletionClient");
    const wrongRole = assistant();
    wrongRole.config.model_client = { provider: "autogen_agentchat.conditions.MaxMessageTermination", config: { max_messages: 3 } };
    expect(agreeOn(wrongRole)).toBe(false);
    expect(agreeOn({ ...assistant(), component_version: 1 })).toBe(false);
  });

  it("models with extra keys: extras kept after the declared fields, as JSON copies; `__proto__` left to zod", () => {
    const c = client();
    const info = { vision: false, function_calling: true, json_output: false, family: "unknown", structured_output: false, zz_extra: { deep: [1] } };
    c.config = { ...c.config, model_info: info };
    expect(agreeOn(c)).toBe(true);
    const out = jit(c) as { config: { model_info: Record<string, unknown> } };
    expect(Object.keys(out.config.model_info).at(-1)).toBe("zz_extra");
    expect(out.config.model_info.zz_extra).toEqual({ deep: [1] });
    expect(out.config.model_info.zz_extra).not.toBe(info.zz_extra);
    const proto = client();
    proto.config = { ...proto.config, model_info: JSON.parse('{"vision":false,"function_calling":true,"json_output":false,"family":"unknown","structured_output":false,"__proto__":{"x":1}}') };
    expect(agreeOn(proto)).toBe(false);
  });

  it("Dict[str, X] and credential leaves: a wrong value inside is declined; the input is never changed", () => {
    const c = client();
    c.config = { ...c.config, logit_bias: { "50256": "-100" }, api_key: "sk-test" };
    const before = structuredClone(c);
    expect(agreeOn(c)).toBe(true);
    expect((jit(c) as { config: { logit_bias: unknown } }).config.logit_bias).toEqual({ "50256": -100 });
    expect(c).toStrictEqual(before);
    expect(agreeOn({ ...c, config: { ...c.config, logit_bias: { a: "many" } } })).toBe(false);
    expect(agreeOn({ ...c, config: { ...c.config, api_key: 5 } })).toBe(false);
  });
});
