/**
 * The one thing of `@opentelemetry/api`'s run time the recorder needs: a context holding a parent
 * span. The API keys the span with `Symbol.for("OpenTelemetry Context Key SPAN")` so that every
 * copy of the API reads it; written here the same way, ./otel needs the API only as types, and
 * `toOtelMessages`, the CLI and bundles without the API still load.
 */
import type { Context, Span } from "@opentelemetry/api";

const SPAN_KEY = Symbol.for("OpenTelemetry Context Key SPAN");

/** An immutable context, as the API's own `BaseContext`. */
class PlainContext implements Context {
  readonly #values: Map<symbol, unknown>;
  constructor(values?: Map<symbol, unknown>) {
    this.#values = values ?? new Map();
  }
  getValue(key: symbol): unknown {
    return this.#values.get(key);
  }
  setValue(key: symbol, value: unknown): Context {
    return new PlainContext(new Map(this.#values).set(key, value));
  }
  deleteValue(key: symbol): Context {
    const next = new Map(this.#values);
    next.delete(key);
    return new PlainContext(next);
  }
}

const ROOT = new PlainContext();

/** `parent` (or a root context) with `span` as the current span: what `trace.setSpan` returns. */
export function withSpan(parent: Context | undefined, span: Span): Context {
  return (parent ?? ROOT).setValue(SPAN_KEY, span);
}
