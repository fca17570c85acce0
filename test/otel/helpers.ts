/** Shared by the ./otel tests: the real SDK with an in-memory exporter, spans as plain data, the recorded runs. */
import { readFileSync } from "node:fs";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from "@opentelemetry/sdk-trace-base";

export const jsonl = (p: string) => readFileSync(new URL(p, import.meta.url), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));

export function sdk() {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  return { exporter, tracer: provider.getTracer("test") };
}

const ms = (t: [number, number]) => t[0] * 1e3 + t[1] / 1e6;
const iso = (t: [number, number]) => new Date(Math.round(ms(t))).toISOString();

/** Spans as data without ids: each names its parent by position, times as ISO text. */
export function plain(spans: readonly ReadableSpan[]) {
  const index = new Map(spans.map((s, i) => [s.spanContext().spanId, i]));
  return spans.map((s) => ({
    name: s.name,
    parent: index.get(s.parentSpanContext?.spanId ?? "") ?? null,
    start: iso(s.startTime as [number, number]),
    end: iso(s.endTime as [number, number]),
    status: s.status,
    attributes: s.attributes,
    events: s.events.map((e) => ({ name: e.name, time: iso(e.time as [number, number]), attributes: e.attributes })),
  }));
}

/** The recorded runs: one entry per run_stream / on_messages_stream step, its items as a Python backend sends them. */
export function recordedRuns() {
  const out: { name: string; items: unknown[]; failed: boolean; raw: any[] }[] = [];
  for (const s of jsonl("../fixtures/autogen-teams/streams.jsonl")) {
    for (const st of s.steps ?? []) {
      if (!/\.(run_stream|on_messages_stream)$/.test(st.call ?? "")) continue;
      const items = (st.stream ?? []).map((it: any) =>
        it.dump ?? (it.item === "TaskResult" ? { messages: it.messages, stop_reason: it.stop_reason } : { chat_message: it.chat_message, inner_messages: it.inner_messages }),
      );
      out.push({ name: `${s.name}/${st.label}`, items, failed: st.error != null, raw: st.stream });
    }
  }
  return out;
}

export function deepFreeze<T>(v: T): T {
  if (v && typeof v === "object" && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}
