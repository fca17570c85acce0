import { readFileSync } from "node:fs";
import { createRunTracer } from "../src/otel/index.js";
const text = readFileSync(new URL("data/transcript-10k.json", import.meta.url), "utf8");
const noopSpan: any = { setAttribute: () => noopSpan, setAttributes: () => noopSpan, addEvent: () => noopSpan, setStatus: () => noopSpan, updateName: () => noopSpan, recordException() {}, isRecording: () => true, end() {}, spanContext: () => ({ traceId: "0", spanId: "0", traceFlags: 0 }) };
let chars = 0;
const noopTracer = { startSpan: (_n: string, o: any) => { for (const k in o.attributes) { const v = o.attributes[k]; if (typeof v === "string") chars += v.length; } return noopSpan; }, startActiveSpan: () => undefined } as never;
const content = process.argv[2] !== "nocontent";
let t = 0, p = 0;
for (let i = 0; i < 30; i++) {
  const a = performance.now(); const items = JSON.parse(text) as unknown[]; const b = performance.now();
  const r = createRunTracer({ tracer: noopTracer, captureContent: content, requireEnd: false });
  for (const it of items) r.push(it);
  r.end();
  const c = performance.now();
  if (i >= 5) { p += b - a; t += c - b; }
}
console.log(`parse ${(p / 25).toFixed(1)} ms, trace ${(t / 25).toFixed(1)} ms, ratio ${((p + t) / p).toFixed(2)}; attr chars/run ${(chars / 30 / 1e6).toFixed(1)} M`);
