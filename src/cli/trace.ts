/**
 * `trace`: a stored run (a run's items, a transcript, a saved state) as OpenTelemetry GenAI spans,
 * written as OTLP/HTTP JSON to stdout / `-o`, or POSTed to an OTLP/HTTP endpoint (`--endpoint`,
 * bounded by `--timeout`), so it reaches Phoenix, Langfuse or Jaeger with one command.
 */
import { createRunTracer } from "../otel/recorder.js";
import { stateMessages } from "./documents.js";
import { describeLocation, itemsOf } from "./input.js";
import { RecordingTracer, otlpJson } from "./otlp.js";
import { packageVersion } from "./version.js";
import { EXIT, type RunContext } from "./commands.js";



/** `http://host:4318` → `http://host:4318/v1/traces` (the OTLP/HTTP path), a full URL kept. */
export function tracesUrl(endpoint: string): URL | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.pathname === "/" || url.pathname === "") url.pathname = "/v1/traces";
  return url;
}

/**
 * Runs `trace`: reads every item, records its spans, then writes or POSTs the OTLP JSON.
 *
 * @example process.exitCode = await trace(ctx)
 */
export async function trace(ctx: RunContext): Promise<number> {
  const { args, io } = ctx;
  const url = args.endpoint === undefined ? null : tracesUrl(args.endpoint);
  if (args.endpoint !== undefined && url === null) {
    await io.err(`agentchat-messages: --endpoint ${JSON.stringify(args.endpoint)} is not an http(s) URL\n`);
    return EXIT.usage;
  }
  const tracer = new RecordingTracer();
  const recorder = createRunTracer({
    tracer,
    captureContent: args.captureContent,
    requireEnd: args.requireEnd,
    ...(args.conversationId !== undefined && { conversationId: args.conversationId }),
  });
  let skipped = 0;
  for await (const item of ctx.items()) {
    if (!item.ok) {
      await ctx.reject(item);
      continue;
    }
    if (item.found === "component") {
      skipped++;
      await io.err(`${describeLocation(item.at)}: ${item.kind} (component config): not a run; skipped\n`);
      continue;
    }
    // Items the library loaded already: the recorder's own check cannot fail on them.
    const parts = item.found === "state" ? stateMessages(item.state) : itemsOf(item);
    for (const x of parts) recorder.push(x);
  }
  recorder.end();
  const body = otlpJson(tracer, { "service.name": args.serviceName ?? "agentchat-messages" }, { name: "agentchat-messages", version: packageVersion() });
  const status = ctx.invalid.count > 0 || skipped > 0 ? EXIT.invalid : EXIT.ok;
  if (url === null) {
    await io.out(`${body}\n`);
    return status;
  }
  const timeout = args.timeoutMs ?? 10_000;
  try {
    const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body, redirect: "error", signal: AbortSignal.timeout(timeout) });
    await response.body?.cancel();
    if (!response.ok) {
      await io.err(`agentchat-messages: ${url.href} answered HTTP ${response.status} ${response.statusText}\n`);
      return EXIT.usage;
    }
  } catch (e) {
    const why = (e as Error)?.name === "TimeoutError" ? `no answer within ${timeout} ms` : String((e as Error)?.cause ?? (e as Error)?.message ?? e);
    await io.err(`agentchat-messages: cannot send the spans to ${url.href}: ${why}\n`);
    return EXIT.usage;
  }
  await io.err(`${tracer.spans.length} spans sent to ${url.href}\n`);
  return status;
}
