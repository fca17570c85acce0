/**
 * Every recorded AutoGen run (test/fixtures/autogen-teams/streams.jsonl), replayed the ways
 * Python backends stream runs, must give back exactly its recorded items, in order, of the
 * right kind, dumping to the recorded JSON: JSON Lines and Server-Sent Events as bytes cut at
 * random places (inside lines and characters), WebSocket frames as FastAPI's sample sends them
 * (`created_at` from `datetime.isoformat()`, or `str()` with a space), and AutoGen Studio's
 * envelopes. Bad frames in the middle (truncated JSON, an unknown envelope type, bytes that are
 * not UTF-8) give one error item each and the stream goes on.
 */
import { describe, expect, it } from "vitest";
import { dump } from "../../src/dump.js";
import { dumpResponse, dumpTaskResult } from "../../src/contracts/index.js";
import { ForeignFrameError, FrameSyntaxError, JsonLineSyntaxError, readFrames, readMessages, readSSE, type RunItem } from "../../src/stream/index.js";
import { eventName, pythonJson, toJsonLines, toPlainFrames, toServerSentEvents, toStudioFrames } from "../../examples/live-run/encode.js";
import { itemsOf, kindOf, runs, wireOf, type StreamElement } from "../helpers/team-runs.js";

let seed = 20251203;
const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;

/** UTF-8 bytes of `text` in chunks of 1..48 bytes. */
function* chunks(text: string): Generator<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  for (let i = 0; i < bytes.length; ) {
    const n = 1 + Math.floor(random() * 48);
    yield bytes.slice(i, i + n);
    i += n;
  }
}

const dumpOf = (item: RunItem): unknown =>
  item.kind === "message" ? dump(item.message) : item.kind === "TaskResult" ? dumpTaskResult(item.taskResult) : item.kind === "Response" ? dumpResponse(item.response) : item.control;

/** The items without errors must be the run's, in order; `errors` are the error items' classes in order. */
function expectRun(got: readonly ({ ok: boolean } & Partial<RunItem> & { error?: unknown })[], want: StreamElement[], errors: (new (...a: never[]) => Error)[]) {
  const bad = got.filter((g) => !g.ok);
  expect(bad.map((b) => (b.error as Error).name)).toEqual(errors.map((e) => e.name));
  const good = got.filter((g) => g.ok) as unknown as RunItem[];
  expect(good.map((g) => g.kind)).toEqual(want.map(kindOf));
  // JSON text, so that -0.0 is compared too
  expect(good.map((g) => pythonJson(dumpOf(g)))).toEqual(want.map((w) => pythonJson(wireOf(w))));
}

const BROKEN = '{"type": "TextMessage", "source": "assist';
const cases = runs.map((run) => ({ name: run.name, want: itemsOf(run) })).filter((c) => c.want.length > 0);

describe("recorded runs replayed", () => {
  it("covers every recorded run", () => {
    expect(cases).toHaveLength(49);
  });

  describe.each(cases)("$name", ({ want }) => {
    const items = want.map(wireOf);
    const middle = Math.floor(items.length / 2);

    it("JSON Lines, chunked bytes, with a truncated line and a foreign line", async () => {
      const lines = toJsonLines(items).split(/(?<=\n)/);
      lines.splice(middle, 0, BROKEN + "\n", '{"type": "heartbeat", "data": {}}\r\n');
      const got = [];
      for await (const item of readMessages(chunks(lines.join("")))) got.push(item);
      expectRun(got, want, [JsonLineSyntaxError, ForeignFrameError]);
    });

    it.each(["\n", "\r\n", "\r"])("Server-Sent Events (line end %j), chunked, event names carried", async (nl) => {
      const events = toServerSentEvents(items, nl).split(nl + nl).filter(Boolean).map((e) => e + nl + nl);
      // multi-line data, comments and a retry field on some events; a broken event in the middle
      const varied = events.map((e, i) => (i % 3 === 1 ? `: keep-alive${nl}retry: 1500${nl}` + e.replace(/,"/g, `,${nl}data: "`) : e));
      varied.splice(middle, 0, `event: message${nl}data: ${BROKEN}${nl}${nl}`);
      const got = [];
      for await (const item of readSSE(chunks(varied.join("")))) got.push(item);
      expectRun(got, want, [FrameSyntaxError]);
      const good = got.filter((g) => g.ok);
      expect(good.map((g) => g.event)).toEqual(items.map(eventName));
      expect(good.map((g) => g.lastEventId)).toEqual(items.map((_, i) => String(i + 1)));
    });

    it.each(["T", " "] as const)("WebSocket frames as FastAPI's sample sends them (created_at with %j)", async (sep) => {
      const frames: (string | Uint8Array)[] = toPlainFrames(items, sep);
      frames.splice(middle, 0, BROKEN, new Uint8Array([0xff, 0xfe, 0x00, 0x81]), JSON.stringify({ type: "error", content: "Error: boom", source: "system" }));
      const got = [];
      for await (const item of readFrames(frames)) got.push(item);
      const control = got.filter((g) => g.ok && g.kind === "control");
      expect(control.map((c) => c.ok && c.kind === "control" && c.control)).toEqual([{ type: "error", content: "Error: boom", source: "system" }]);
      expectRun(got.filter((g) => !(g.ok && g.kind === "control")), want, [FrameSyntaxError, FrameSyntaxError]);
      expect(got.map((g) => g.frame)).toEqual(frames.map((_, i) => i + 1));
    });

    it("AutoGen Studio envelopes (bytes frames), with an unknown envelope type", async () => {
      const frames = toStudioFrames(items).map((f) => new TextEncoder().encode(f));
      frames.splice(middle + 1, 0, new TextEncoder().encode(JSON.stringify({ type: "message_delta", data: {} })));
      const got = [];
      for await (const item of readFrames(frames)) got.push(item);
      const [system, ...rest] = got;
      expect(system!.ok && system!.kind === "control" && system!.control.type).toBe("system");
      expectRun(rest, want, [ForeignFrameError]);
      const result = rest.find((g) => g.ok && g.kind === "TaskResult");
      if (result?.ok && result.kind === "TaskResult") expect(result.envelope).toEqual({ type: "result", status: "complete", usage: "", duration: 0.25 });
    });
  });
});
