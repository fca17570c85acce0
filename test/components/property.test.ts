/**
 * Property tests for the component model: for ANY JSON value `loadComponent` returns a component
 * or throws `MessageValidationError` (nothing else, input untouched); every component it returns
 * round-trips (dump ∘ load ∘ dump = dump, and the exact text parses to the same JSON); random
 * edits of every recorded component keep those promises; generated configs round-trip.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as B from "../../src/components/index.js";
import { dumpComponent, dumpComponentJson, loadComponent, MessageValidationError } from "./api.js";
import { allComponents, recordedComponents, type Dumped } from "./helpers.js";

const RUNS = Math.max(1, Number.parseInt(process.env.FUZZ_RUNS ?? "", 10) || 200);

/** loadComponent's contract on one input: a component that round-trips, or the library's error. */
function holds(input: unknown): void {
  const before = JSON.stringify(input);
  let loaded: B.Component;
  try {
    loaded = loadComponent(input);
  } catch (e) {
    expect(MessageValidationError.isInstance(e), String(e)).toBe(true);
    expect((e as MessageValidationError).issues.length).toBeGreaterThan(0);
    expect(JSON.stringify(input)).toBe(before);
    return;
  }
  expect(JSON.stringify(input)).toBe(before);
  const dumped = dumpComponent(loaded);
  expect(dumpComponent(loadComponent(dumped))).toEqual(dumped);
  // The exact text is the same JSON (as JSON: -0.0 and 0 are one number).
  expect(JSON.stringify(JSON.parse(dumpComponentJson(loaded)))).toBe(JSON.stringify(dumped));
}

const providers = B.componentSpecs().map((s) => s.provider);
const recorded = recordedComponents().map((r) => r.dump);
const everyRecorded: Dumped[] = recorded.flatMap((d) => allComponents(d));

describe("any JSON value", () => {
  it("plain JSON values", () => fc.assert(fc.property(fc.jsonValue(), holds), { numRuns: RUNS }));
  it("objects with a known provider and a random config", () =>
    fc.assert(
      fc.property(fc.constantFrom(...providers, ...Object.keys(B.WELL_KNOWN_PROVIDERS), "my_pkg.Thing", "Thing"), fc.dictionary(fc.string(), fc.jsonValue()), fc.jsonValue(), (provider, config, other) => {
        holds({ provider, config });
        holds({ provider, component_version: other, config });
      }),
      { numRuns: RUNS },
    ));
  it("keys such as __proto__ and constructor are data, never a prototype", () => {
    const config = JSON.parse('{"__proto__": {"polluted": true}, "constructor": 1}');
    const c = loadComponent({ provider: "my_pkg.Custom", config });
    expect(Object.keys(c.config)).toEqual(["__proto__", "constructor"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    holds({ provider: "autogen_core.memory.ListMemory", config: JSON.parse('{"__proto__": {"name": 1}}') });
  });
});

describe("random edits of every recorded component", () => {
  /** Every path to a value inside `v`. */
  function paths(v: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
    out.push(at);
    if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
    else if (v && typeof v === "object") for (const k of Object.keys(v)) paths((v as Record<string, unknown>)[k], [...at, k], out);
    return out;
  }
  const sample = everyRecorded.filter((_, i) => i % 3 === 0);
  it("replacing or deleting any value", () =>
    fc.assert(
      fc.property(fc.constantFrom(...sample), fc.nat(), fc.option(fc.jsonValue(), { nil: undefined }), (dump, pick, value) => {
        const doc = structuredClone(dump) as Record<string, unknown>;
        const all = paths(doc).filter((p) => p.length > 0);
        const path = all[pick % all.length]!;
        let parent = doc as Record<string | number, unknown>;
        for (const seg of path.slice(0, -1)) parent = parent[seg] as Record<string | number, unknown>;
        const last = path[path.length - 1]!;
        if (value === undefined && !Array.isArray(parent)) delete parent[last];
        else parent[last] = value ?? null;
        holds(doc);
      }),
      { numRuns: RUNS * 2 },
    ));
});

describe("generated configs round-trip", () => {
  const finite = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
  it("OpenAI clients with any mix of settings", () =>
    fc.assert(
      fc.property(
        fc.record({ model: fc.string(), temperature: finite, maxTokens: fc.nat(), stop: fc.oneof(fc.string(), fc.array(fc.string())), seed: fc.integer(), apiKey: fc.string(), defaultHeaders: fc.dictionary(fc.string(), fc.string()), parallelToolCalls: fc.boolean() }, { requiredKeys: ["model"] }),
        (options) => holds(dumpComponent(B.openAIClient(options))),
      ),
      { numRuns: RUNS },
    ));
  it("termination trees built with .and / .or", () => {
    const leaf = fc.oneof(
      fc.nat().map((n) => B.maxMessages(n)),
      fc.string().map((t) => B.textMention(t)),
      finite.map((s) => B.timeoutTermination(s)),
      fc.constant(B.stopMessage()),
      fc.record({ maxTotalToken: fc.nat() }, { requiredKeys: [] }).map((l) => B.tokenUsage(l)),
    );
    const tree: fc.Arbitrary<B.Termination> = fc.letrec<{ t: B.Termination }>((tie) => ({
      t: fc.oneof({ depthSize: "small", withCrossShrink: true }, leaf, fc.tuple(tie("t"), tie("t"), fc.boolean()).map(([a, b, and]) => (and ? a.and(b) : a.or(b)))),
    })).t;
    fc.assert(fc.property(tree, (t) => holds(dumpComponent(t))), { numRuns: RUNS });
  });
  it("round-robin teams of assistant agents", () =>
    fc.assert(
      fc.property(
        fc.array(fc.record({ name: fc.stringMatching(/^[a-z_][a-z0-9_]{0,8}$/), system: fc.option(fc.string(), { nil: null }), handoffs: fc.array(fc.stringMatching(/^[a-z]{1,6}$/), { maxLength: 2 }) }), { minLength: 1, maxLength: 3 }),
        fc.option(fc.nat(), { nil: undefined }),
        (agents, maxTurns) => {
          const team = B.roundRobinGroupChat({
            participants: agents.map((a) => B.assistantAgent({ name: a.name, modelClient: B.replayClient({ chatCompletions: ["ok"] }), systemMessage: a.system, handoffs: a.handoffs })),
            terminationCondition: B.maxMessages(5).or(B.textMention("TERMINATE")),
            maxTurns,
          });
          holds(dumpComponent(team));
        },
      ),
      { numRuns: Math.ceil(RUNS / 4) },
    ));
});
