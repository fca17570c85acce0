/**
 * A stored AutoGen run as OpenTelemetry GenAI spans, through the real OpenTelemetry SDK
 * (`@opentelemetry/sdk-trace-base`): the run's items (a JSON Lines transcript, one item a line, as
 * `save` writes them or a Python server streams them) go through `traceRun`, the spans are kept by
 * an `InMemorySpanExporter`, and the span tree is printed, one span a line, indented under its parent:
 *
 *   invoke_workflow  7.5s
 *     invoke_agent weather_agent  5s  in=142 out=21
 *       execute_tool get_weather  1.25s
 *     invoke_agent reviewer  2.5s  in=31 out=5
 *
 *   npx tsx examples/otel/trace.ts [examples/data/weather-run.jsonl] [--content] [--console]
 *
 * `--content` records message text (`captureContent`); `--console` also prints every span as the
 * SDK's `ConsoleSpanExporter` does. In an app, import from "agentchat-messages/otel" and give
 * `traceRun` the tracer of your own provider (with an OTLP exporter to Phoenix, Langfuse, Jaeger).
 */
import { readFileSync } from "node:fs";
import { BasicTracerProvider, ConsoleSpanExporter, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { traceRun } from "../../src/otel/index.js";

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith("--")) ?? "examples/data/weather-run.jsonl";
const items = readFileSync(file, "utf8")
  .split("\n")
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line) as unknown);

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({
  spanProcessors: [new SimpleSpanProcessor(exporter), ...(args.includes("--console") ? [new SimpleSpanProcessor(new ConsoleSpanExporter())] : [])],
});
await traceRun(items, { tracer: provider.getTracer("examples/otel"), conversationId: file, captureContent: args.includes("--content") });
await provider.forceFlush();

const spans = exporter.getFinishedSpans();
const children = new Map<string | undefined, ReadableSpan[]>();
const ids = new Set(spans.map((s) => s.spanContext().spanId));
for (const s of spans) {
  const parent = s.parentSpanContext?.spanId;
  const key = parent !== undefined && ids.has(parent) ? parent : undefined;
  children.set(key, [...(children.get(key) ?? []), s]);
}
const seconds = (s: ReadableSpan) => `${+(s.duration[0] + s.duration[1] / 1e9).toFixed(3)}s`;
const print = (s: ReadableSpan, depth: number): void => {
  const a = s.attributes;
  const usage = a["gen_ai.usage.input_tokens"] !== undefined ? `  in=${String(a["gen_ai.usage.input_tokens"])} out=${String(a["gen_ai.usage.output_tokens"])}` : "";
  const status = s.status.code === 2 ? `  status=ERROR ${s.status.message ?? ""}`.trimEnd() : "";
  console.log(`${"  ".repeat(depth)}${s.name}  ${seconds(s)}${usage}${status}`);
  // Children in the order they started: a stored run keeps its real timeline.
  const kids = [...(children.get(s.spanContext().spanId) ?? [])].sort((x, y) => x.startTime[0] - y.startTime[0] || x.startTime[1] - y.startTime[1]);
  for (const k of kids) print(k, depth + 1);
};
for (const root of children.get(undefined) ?? []) print(root, 0);
console.error(`${spans.length} spans from ${items.length} items`);
await provider.shutdown();
