/**
 * Every component model AutoGen 0.7.5 dumped in the golden fixtures (agents, teams, model clients,
 * conditions, tools, workbenches, MCP parts, contexts, memory, executors, AutoGen Studio's gallery):
 * `loadComponent` accepts it, `dumpComponent` writes it back identically, `dumpComponentJson`
 * gives AutoGen's exact text, the input is never changed.
 */
import { describe, expect, it } from "vitest";
import { readJson, readJsonl } from "../helpers/fixtures.js";
import { dumpComponent, dumpComponentJson, loadComponent, redactSecrets } from "./api.js";
import { allComponents, envelopeGaps, recordedComponents } from "./helpers.js";

const recorded = recordedComponents();
const deviations = readJson<Record<string, Record<string, string>>>("deviations.json")["autogen-components/components.jsonl"] ?? {};

function deepFreeze<T>(v: T): T {
  if (v && typeof v === "object") {
    for (const x of Object.values(v)) deepFreeze(x);
    Object.freeze(v);
  }
  return v;
}

it("finds every recorded component (129 cases, 34 gallery components, the team and client runs)", () => {
  expect(recorded.filter((r) => r.file === "autogen-components/components.jsonl")).toHaveLength(129);
  expect(recorded.filter((r) => r.file === "autogen-components/gallery.jsonl")).toHaveLength(34);
  expect(recorded.length).toBeGreaterThan(400);
});

describe.each(recorded.map((r) => [`${r.file} ${r.name}`, r] as const))("%s", (_, r) => {
  it("loads and dumps back identically, key order included, without changing its input", () => {
    const input = deepFreeze(structuredClone(r.dump));
    const loaded = loadComponent(input);
    const back = dumpComponent(loaded);
    expect(back).toEqual(r.dump);
    expect(JSON.stringify(back)).toBe(JSON.stringify(r.dump));
    expect(input).toEqual(r.dump);
    // A dump loads as itself: load ∘ dump is the identity on loaded values.
    expect(dumpComponent(loadComponent(back))).toEqual(back);
  });
  if (r.text !== undefined && !(r.file === "autogen-components/components.jsonl" && deviations[r.name.split(" ")[0]!])) {
    it("dumpComponentJson is AutoGen's model_dump_json() text", () => {
      expect(dumpComponentJson(loadComponent(r.dump))).toBe(r.text);
    });
  }
});

describe("SecretStr fields", () => {
  // The fixtures record where `model_dump()` holds a SecretStr (python_mode_nonjson): exactly there
  // the library masks a real key, and nowhere else.
  const cases = readJsonl("autogen-components/components.jsonl").filter((r) =>
    (r.python_mode_nonjson as { path: string; python_type: string }[] | undefined)?.some((p) => p.python_type.endsWith("SecretStr")),
  );
  it("are recorded for the OpenAI, Azure, Anthropic and Bedrock clients", () => {
    expect(cases.length).toBeGreaterThan(10);
  });
  it.each(cases.map((r) => [r.name, r] as const))("%s: a real key is written \"**********\", or in clear with revealSecrets", (_, r) => {
    const paths = (r.python_mode_nonjson as { path: string; python_type: string }[]).filter((p) => p.python_type.endsWith("SecretStr")).map((p) => p.path);
    const withKeys = structuredClone(r.dump) as Record<string, unknown>;
    for (const [i, path] of paths.entries()) set(withKeys, path, `sk-real-${i}`);
    const loaded = loadComponent(withKeys);
    expect(dumpComponent(loaded)).toEqual(r.dump);
    expect(dumpComponent(loaded, { revealSecrets: true })).toEqual(withKeys);
  });
});

/** Sets a value at a JSONPath-like path (`$.config.model_client.config.api_key`, `$.config.x[0]`). */
function set(root: Record<string, unknown>, path: string, value: unknown): void {
  const segs = path.replace(/^\$\.?/, "").split(/\.|\[(\d+)\]/).filter((s) => s !== undefined && s !== "");
  let cur: Record<string, unknown> = root;
  for (const [i, seg] of segs.entries()) {
    const key = /^\d+$/.test(seg) ? Number(seg) : seg;
    if (i === segs.length - 1) (cur as Record<string | number, unknown>)[key] = value;
    else cur = (cur as Record<string | number, unknown>)[key] as Record<string, unknown>;
  }
}

it("AutoGen Studio's whole default gallery (gallery-default.json): every component in it round-trips", () => {
  const gallery = readJson<{ components: Record<string, unknown[]> }>("autogen-components/gallery-default.json");
  const found = allComponents(gallery.components).filter((c, i, all) => !all.some((p, j) => j < i && allComponents(p.config).includes(c)));
  expect(found).toHaveLength(34);
  for (const c of found) expect(dumpComponent(loadComponent(c))).toEqual(c);
});

describe("envelopes with null and absent keys (the generated envelope writer; test/dump-modes.test.ts: the loop)", () => {
  it("writes every key at the top level, drops None keys in nested envelopes, and a redacted copy keeps nulls only", () => {
    const { input, dumped, redacted } = envelopeGaps();
    const loaded = loadComponent(structuredClone(input));
    expect(JSON.stringify(dumpComponent(loaded))).toBe(JSON.stringify(dumped));
    expect(dumpComponentJson(loaded)).toBe(JSON.stringify(dumped));
    expect(JSON.stringify(redactSecrets(loaded))).toBe(JSON.stringify(redacted));
  });
});
