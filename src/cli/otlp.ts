/**
 * A small recording `Tracer` and its OTLP/HTTP JSON encoding (`ExportTraceServiceRequest`, as
 * `@opentelemetry/otlp-transformer` writes it: hex ids, times as decimal nanoseconds, typed
 * attribute values), so `trace` writes a stored run's spans without an OpenTelemetry SDK.
 */
import type { Attributes, AttributeValue, Context, HrTime, Span, SpanContext, SpanOptions, SpanStatus, Tracer, TimeInput } from "@opentelemetry/api";

const SPAN_KEY = Symbol.for("OpenTelemetry Context Key SPAN");

interface Recorded {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  start: HrTime;
  end: HrTime | undefined;
  attributes: Attributes;
  events: { name: string; time: HrTime; attributes: Attributes }[];
  status: SpanStatus;
}

const hex = (bytes: number): string => {
  const b = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
};

const toHr = (t: TimeInput | undefined): HrTime => {
  if (Array.isArray(t)) return t as HrTime;
  const ms = t instanceof Date ? t.getTime() : typeof t === "number" ? t : Date.now();
  return [Math.floor(ms / 1000), Math.round((ms % 1000) * 1e6)];
};

class RecordingSpan implements Span {
  constructor(readonly r: Recorded) {}
  spanContext(): SpanContext {
    return { traceId: this.r.traceId, spanId: this.r.spanId, traceFlags: 1 };
  }
  setAttribute(key: string, value: AttributeValue): this {
    this.r.attributes[key] = value;
    return this;
  }
  setAttributes(attributes: Attributes): this {
    Object.assign(this.r.attributes, attributes);
    return this;
  }
  addEvent(name: string, attributes?: Attributes | TimeInput, time?: TimeInput): this {
    const isTime = typeof attributes === "number" || attributes instanceof Date || Array.isArray(attributes);
    this.r.events.push({ name, attributes: isTime ? {} : { ...(attributes as Attributes | undefined) }, time: toHr(isTime ? (attributes as TimeInput) : time) });
    return this;
  }
  addLink(): this {
    return this;
  }
  addLinks(): this {
    return this;
  }
  setStatus(status: SpanStatus): this {
    this.r.status = status;
    return this;
  }
  updateName(name: string): this {
    this.r.name = name;
    return this;
  }
  end(time?: TimeInput): void {
    this.r.end ??= toHr(time);
  }
  isRecording(): boolean {
    return this.r.end === undefined;
  }
  recordException(): void {}
}

/** A tracer that keeps every span it makes, for {@link otlpJson}. */
export class RecordingTracer implements Tracer {
  readonly spans: Recorded[] = [];
  startSpan(name: string, options: SpanOptions = {}, context?: Context): Span {
    const parent = context?.getValue(SPAN_KEY) as Span | undefined;
    const pc = parent?.spanContext();
    const r: Recorded = {
      name,
      traceId: pc?.traceId ?? hex(16),
      spanId: hex(8),
      parentSpanId: pc?.spanId,
      start: toHr(options.startTime),
      end: undefined,
      attributes: { ...options.attributes },
      events: [],
      status: { code: 0 },
    };
    this.spans.push(r);
    return new RecordingSpan(r);
  }
  startActiveSpan(): never {
    throw new Error("not used by the recorder");
  }
}

const nanos = (t: HrTime): string => (BigInt(t[0]) * 1_000_000_000n + BigInt(t[1])).toString();

function anyValue(v: AttributeValue): Record<string, unknown> {
  if (Array.isArray(v)) return { arrayValue: { values: (v as AttributeValue[]).map((x) => anyValue(x)) } };
  if (typeof v === "boolean") return { boolValue: v };
  if (typeof v === "number") return Number.isInteger(v) ? { intValue: String(v) } : { doubleValue: v };
  return { stringValue: String(v) };
}

const keyValues = (a: Attributes) => Object.entries(a).filter(([, v]) => v !== undefined).map(([key, v]) => ({ key, value: anyValue(v as AttributeValue) }));

/** The OTLP/HTTP JSON request body of the spans (ended ones; in the order they ended is not kept: the order they started). */
export function otlpJson(tracer: RecordingTracer, resource: Attributes, scope: { name: string; version: string }): string {
  const spans = tracer.spans.map((s) => ({
    traceId: s.traceId,
    spanId: s.spanId,
    ...(s.parentSpanId !== undefined && { parentSpanId: s.parentSpanId }),
    name: s.name,
    kind: 1, // SPAN_KIND_INTERNAL: what the GenAI conventions say for invoke_agent (in process), invoke_workflow, execute_tool
    startTimeUnixNano: nanos(s.start),
    endTimeUnixNano: nanos(s.end ?? s.start),
    attributes: keyValues(s.attributes),
    events: s.events.map((e) => ({ timeUnixNano: nanos(e.time), name: e.name, attributes: keyValues(e.attributes) })),
    status: { code: s.status.code, ...(s.status.message !== undefined && { message: s.status.message }) },
  }));
  return JSON.stringify({ resourceSpans: [{ resource: { attributes: keyValues(resource) }, scopeSpans: [{ scope, spans }] }] });
}
