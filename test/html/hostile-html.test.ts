/**
 * `renderHtml` on hostile input (issue 28, finding 5): it never throws, whatever the items hold
 * (values JSON cannot hold, throwing getters, cycles, 10,000-deep nesting, values whose
 * `toString` is not a function), and the page grows linearly with its input, with a cap on each
 * value shown as JSON that says how much it cut. Then a property test over mutated real items
 * and in-process hostile values: a string every time, within a time bound, the input untouched.
 * `FUZZ_RUNS` sets the number of runs per property (default 300), as in test/fuzz.test.ts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { renderHtml } from "../../src/html/index.js";
import { JSON_BLOCK_CAP, showJson } from "../../src/html/json.js";
import { jsonValue } from "../helpers/arbitraries.js";
import { readJsonl } from "../helpers/fixtures.js";
import { costRatio, cpuMs, describeCostRatio } from "../helpers/timing.js";

const RUNS = Math.max(1, Number.parseInt(process.env.FUZZ_RUNS ?? "", 10) || 300);

/** `depth` arrays nested in each other around `leaf`, built without recursion. */
function nestedArrays(depth: number, leaf: unknown = 1): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}
function nestedObjects(depth: number, leaf: unknown = 1): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

/** The text of the page's cards (without the header and footer). */
const main = (html: string) => html.slice(html.indexOf("<main>"), html.indexOf("</main>"));

describe("issue 28.5: each reported input renders instead of throwing", () => {
  it("a TaskResult whose stop_reason is a BigInt, a cycle or 10,000-deep JSON", () => {
    const cycle: unknown[] = [];
    cycle.push(cycle, cycle);
    const html = renderHtml([
      { messages: [], stop_reason: 10n } as never,
      { messages: [], stop_reason: cycle } as never,
      { messages: [], stop_reason: nestedArrays(10_000) } as never,
    ]);
    expect(html).toContain("stop reason: 10n");
    expect(html).toContain('stop reason: ["[cycle]","[cycle]"]');
    // One line of JSON, cut at its cap with the size of the rest.
    expect(html).toMatch(/stop reason: \[\[\[\[+\n… (more than )?\d+(\.\d)? KB more cut/);
  });

  it("a message whose id or full_message_id is {toString: 1}, or 10,000 levels deep", () => {
    const odd = { toString: 1 };
    const deep = nestedObjects(10_000);
    const html = renderHtml([
      { type: "ModelClientStreamingChunkEvent", source: "a", content: "chunk ", full_message_id: odd },
      { type: "TextMessage", source: "a", content: "message one", id: odd },
      { type: "ModelClientStreamingChunkEvent", source: "b", content: "deep ", full_message_id: deep },
      { type: "TextMessage", source: "b", content: "message two", id: deep },
    ] as never[]);
    // Chunks whose id is not a string are not folded into any message: each is shown as it is.
    expect(main(html).match(/<article /g)).toHaveLength(4);
    for (const t of ["chunk ", "message one", "deep ", "message two"]) expect(html).toContain(t);
  });

  it("a `type` getter that throws, on an item and on a TaskResult's message", () => {
    const item = Object.defineProperty({ source: "a" }, "type", { get: () => { throw new Error("type getter"); }, enumerable: true });
    const html = renderHtml([item, { messages: [item], stop_reason: "done" }] as never[]);
    expect(main(html).match(/<article /g)).toHaveLength(2);
    expect(html).toContain("could not be read: type getter");
    expect(html).toContain('"type": "[unreadable: a getter threw]"');
    expect(html).toContain("stop reason: done");
  });

  it("a thrown value that cannot be turned into a string, from a getter deep in a card", () => {
    const bad = Object.defineProperty({ type: "TextMessage", source: "a" }, "content", {
      get: () => {
        throw Object.create(null);
      },
      enumerable: true,
    });
    const html = renderHtml([bad] as never[]);
    expect(html).toContain("could not be read: a thrown object");
  });

  it("an iterable that throws part way: the items read so far and a card saying why", () => {
    function* items() {
      yield { type: "TextMessage", source: "a", content: "first" };
      throw new RangeError("stream broke");
    }
    const html = renderHtml(items() as never);
    expect(html).toContain("first");
    expect(html).toContain("the items could not be read to the end: stream broke");
  });
});

describe("the page is linear in its input", () => {
  const base = renderHtml([]).length;
  const page = (depth: number, kind: "array" | "object") =>
    renderHtml([{ type: "Unknown", source: "a", content: kind === "array" ? nestedArrays(depth) : nestedObjects(depth) }] as never[]).length - base;

  it.each(["array", "object"] as const)("page size at 1×, 10× and 100× of nested %s content", (kind) => {
    const [one, ten, hundred] = [page(100, kind), page(1000, kind), page(10_000, kind)];
    // Each level costs the same few characters however deep it is (indentation stops growing).
    expect(ten / one).toBeLessThan(11);
    expect(hundred / ten).toBeLessThan(11);
    expect(ten / one).toBeGreaterThan(5); // and the content is really shown
  });

  it("the reported case: 20 items of 24 KB nested JSON make a page of a few MB, not a RangeError", () => {
    const item = { type: "Unknown", source: "a", content: nestedArrays(12_000) };
    const input = 20 * (2 * 12_000 + 50); // each level is two characters of JSON ("[" and "]")
    const html = renderHtml(Array.from({ length: 20 }, () => item) as never[]);
    expect(html.length).toBeLessThan(40 * input);
  });

  it("rendering time scales linearly (10× the nesting costs well under 100×)", () => {
    const small = [{ type: "Unknown", source: "a", content: nestedObjects(1000) }] as never[];
    const large = [{ type: "Unknown", source: "a", content: nestedObjects(10_000) }] as never[];
    const r = costRatio(() => renderHtml(small), () => renderHtml(large), { below: 30 });
    expect(r.ratio, describeCostRatio(r)).toBeLessThan(30);
  });

  it("a value larger than the cap is cut, with the size of what was cut", () => {
    const big = Array.from({ length: 50_000 }, (_, i) => ({ index: i, text: "x".repeat(20) }));
    const shown = showJson(big);
    const full = JSON.stringify(big, null, 2);
    expect(shown.startsWith(full.slice(0, JSON_BLOCK_CAP))).toBe(true);
    const rest = full.length - JSON_BLOCK_CAP;
    expect(shown.slice(JSON_BLOCK_CAP)).toBe(`\n… ${(rest / 1e6).toFixed(1)} MB more cut`);
    // A 10 MB string: its start, and what was cut.
    const s = showJson({ s: "y".repeat(10_000_000) });
    expect(s.length).toBeLessThan(JSON_BLOCK_CAP + 100);
    expect(s).toMatch(/more cut$/);
  });
});

describe("showJson", () => {
  it("writes plain JSON exactly as JSON.stringify does, indented or not", () => {
    fc.assert(
      fc.property(jsonValue, (v) => {
        expect(showJson(v)).toBe(JSON.stringify(v, null, 2));
        expect(showJson(v, false)).toBe(JSON.stringify(v));
      }),
      { numRuns: RUNS },
    );
    // Keys JSON leaves out, toJSON, non-finite numbers.
    const odd = { a: undefined, f: () => 1, d: new Date(0), n: [NaN, undefined, -Infinity], e: {} };
    expect(showJson(odd)).toBe(JSON.stringify(odd, null, 2));
    expect(showJson({ a: undefined })).toBe("{}");
  });

  it("marks what JSON cannot hold instead of throwing", () => {
    class Point {
      x = 1;
    }
    const thrower = Object.defineProperty({}, "k", { get: () => { throw new Error("no"); }, enumerable: true });
    const proxy = new Proxy({}, { ownKeys: () => { throw new Error("trap"); } });
    expect(showJson({ b: 12n, p: new Point(), m: new Map([[1, 2]]), t: thrower, x: proxy }, false)).toBe(
      '{"b":12n,"p":Point {"x":1},"m":Map {},"t":{"k":"[unreadable: a getter threw]"},"x":"[unreadable]"}',
    );
  });
});

// ---- property: mutated real items and in-process hostile values ----

const TEN_MB = "z".repeat(10_000_000);

/** Hostile in-process values, each made afresh (some hold cycles). */
const HOSTILE: ReadonlyArray<() => unknown> = [
  () => {
    const a: unknown[] = [];
    a.push(a, a);
    return a;
  },
  () => {
    const o: Record<string, unknown> = { type: "TextMessage", source: "s" };
    o.content = o;
    return o;
  },
  () => Object.defineProperty({}, "type", { get: () => { throw Object.create(null); }, enumerable: true }),
  () => Object.defineProperty({ type: "TextMessage" }, "source", { get: () => { throw Symbol("odd"); }, enumerable: true }),
  () => ({ toString: 1, valueOf: 2 }),
  () => ({ toJSON: () => { throw new Error("toJSON"); } }),
  () => Object.freeze({ type: "TextMessage", source: "frozen", content: Object.freeze(["x"]) }),
  () => new (class Custom { type = "TextMessage"; source = "class"; content = "from a class"; })(),
  () => new Map([["type", "TextMessage"]]),
  () => new Date(Number.NaN),
  () => 12345678901234567890n,
  () => Symbol("sym"),
  () => TEN_MB,
  () => nestedArrays(10_000),
  () => nestedObjects(10_000),
  () => new Proxy({}, { get: () => { throw new Error("get"); }, ownKeys: () => { throw new Error("keys"); }, getPrototypeOf: () => { throw new Error("proto"); } }),
  () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    return proxy;
  },
  () => undefined,
  () => null,
  () => () => "a function",
];

/** The real items of the recorded runs, as plain JSON (dumps, and TaskResult objects). */
const SEEDS: unknown[] = readJsonl("autogen-teams/streams.jsonl")
  .slice(0, 12)
  .flatMap((r) =>
    ((r.steps as Array<{ stream?: Array<Record<string, unknown>> }>) ?? []).flatMap((s) =>
      (s.stream ?? []).map((it) => it.dump ?? (it.item === "TaskResult" ? { messages: it.messages, stop_reason: it.stop_reason } : { chat_message: it.chat_message, inner_messages: it.inner_messages })),
    ),
  );

/** Every container reachable in a JSON value (seeds are plain JSON, so no cycles). */
function containers(v: unknown, out: Array<Record<string, unknown> | unknown[]> = []): Array<Record<string, unknown> | unknown[]> {
  if (v !== null && typeof v === "object") {
    out.push(v as Record<string, unknown>);
    for (const c of Object.values(v)) containers(c, out);
  }
  return out;
}

/** Freezes everything reachable (cycles included; proxies and the like are left alone). */
function freezeAll(v: unknown, seen = new Set<unknown>()): void {
  const stack = [v];
  while (stack.length) {
    const x = stack.pop();
    if (x === null || (typeof x !== "object" && typeof x !== "function") || seen.has(x)) continue;
    seen.add(x);
    try {
      for (const k of Object.keys(x as object)) {
        const d = Object.getOwnPropertyDescriptor(x, k);
        if (d && "value" in d) stack.push(d.value);
      }
      Object.freeze(x);
    } catch {
      // a proxy: nothing to freeze
    }
  }
}

describe("property: renderHtml on mutated real items and hostile values", () => {
  const mutation = fc.record({
    seed: fc.nat(SEEDS.length - 1),
    at: fc.nat(),
    key: fc.oneof(fc.constantFrom("type", "id", "full_message_id", "content", "source", "stop_reason", "messages", "models_usage", "created_at", "arguments", "call_id", "0"), fc.string({ maxLength: 6 })),
    hostile: fc.nat(HOSTILE.length - 1),
    json: jsonValue,
    useJson: fc.boolean(),
  });

  it("returns a page every time, within a time bound, never touching its input", () => {
    let worst = 0;
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 4 }), (mutations) => {
        const items: unknown[] = [];
        for (const m of mutations) {
          const item = structuredClone(SEEDS[m.seed]);
          const places = containers(item);
          const place = places[m.at % places.length]!;
          const value = m.useJson ? m.json : HOSTILE[m.hostile]!();
          if (Array.isArray(place)) place[m.at % (place.length + 1)] = value;
          else place[m.key] = value;
          items.push(item, m.useJson ? HOSTILE[m.hostile]!() : m.json);
        }
        freezeAll(items); // any write to the input throws (modules are strict), failing the property
        let html: unknown;
        const ms = cpuMs(() => {
          html = renderHtml(items as never[]);
        });
        worst = Math.max(worst, ms);
        expect(typeof html).toBe("string");
        expect(html as string).toMatch(/<\/html>\n$/);
        expect(ms).toBeLessThan(5000);
      }),
      { numRuns: RUNS },
    );
    expect(worst).toBeLessThan(5000);
  }, 300_000);
});
