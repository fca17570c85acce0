/** The `tracer` option of AutoGenAgent and createAgUiHandler: every bridged run traced as it streams, as traceRun traces its items. */
import { describe, expect, it } from "vitest";
import { AutoGenAgent, createAgUiHandler, type AutoGenTransport } from "../../src/ag-ui/index.js";
import { createRunTracer, traceRun } from "../../src/otel/index.js";
import { plain, recordedRuns, sdk } from "../otel/helpers.js";

const runs = recordedRuns();
const pick = (n: string) => runs.find((r) => r.name === n)!;
const input = { threadId: "t-1", runId: "r-1", messages: [{ id: "m1", role: "user", content: "hi" }], tools: [], context: [], state: {}, forwardedProps: {} };

async function expected(items: unknown[]) {
  const { exporter, tracer } = sdk();
  await traceRun(items, { tracer, conversationId: "t-1" });
  return plain(exporter.getFinishedSpans());
}

describe("createAgUiHandler({ tracer })", () => {
  it.each(["assistant/tool-errors/run", "round-robin/token-usage/run", "round-robin/team-error/run"])("%s: the spans traceRun gives", async (name) => {
    const r = pick(name);
    const { exporter, tracer } = sdk();
    const handler = createAgUiHandler(async function* () { yield* r.items as any[]; }, { tracer: ({ threadId }) => createRunTracer({ tracer, conversationId: threadId }) });
    const res = await handler(new Request("http://x/agent", { method: "POST", body: JSON.stringify(input), headers: { "content-type": "application/json" } }));
    const text = await res.text();
    expect(text).toContain(r.failed ? "RUN_ERROR" : "RUN_FINISHED");
    expect(plain(exporter.getFinishedSpans())).toEqual(await expected(r.items));
  });
  it("a tracer that throws (at creation or on a span) leaves the run as it is", async () => {
    const r = pick("assistant/tool-errors/run");
    const bare = createAgUiHandler(async function* () { yield* r.items as any[]; });
    const body = async (h: typeof bare) => (await (await h(new Request("http://x", { method: "POST", body: JSON.stringify(input) }))).text()).replace(/"timestamp":\d+,?/g, "");
    const want = await body(bare);
    const throwing = createAgUiHandler(async function* () { yield* r.items as any[]; }, { tracer: () => { throw new Error("no tracer"); } });
    expect(await body(throwing)).toBe(want);
    const broken = createAgUiHandler(async function* () { yield* r.items as any[]; }, { tracer: () => ({ push() { throw new Error("x"); }, end() { throw new Error("y"); }, error() {} }) });
    expect(await body(broken)).toBe(want);
  });
});

describe("AutoGenAgent({ tracer })", () => {
  const transport = (items: unknown[]): AutoGenTransport => ({
    url: "mem://backend",
    open: async () => ({ items: (async function* () { yield* items as any[]; })(), inputRequests: "none", reply() {}, close() {} }),
  });
  it.each(["assistant/tool-errors/run", "round-robin/token-usage/run", "round-robin/team-error/run"])("%s: the spans traceRun gives", async (name) => {
    const r = pick(name);
    const { exporter, tracer } = sdk();
    const agent = new AutoGenAgent({ transport: transport(r.items), tracer: ({ threadId }) => createRunTracer({ tracer, conversationId: threadId }) });
    agent.threadId = "t-1";
    await agent.runAgent({ runId: "r-1" }).catch(() => {});
    const spans = plain(exporter.getFinishedSpans());
    const want = await expected(r.items);
    if (r.failed) {
      // the agent ends a broken stream itself: the same spans, the root failed with its RUN_ERROR message
      expect(spans.slice(0, -1)).toEqual(want.slice(0, -1));
      expect(spans.at(-1)!.status.code).toBe(2);
    } else expect(spans).toEqual(want);
  });
});
