/**
 * Values that cannot be read (a revoked proxy: every trap, `Array.isArray` too, throws TypeError;
 * a getter that throws) at each place ./otel reads the caller's value: the library's
 * MessageValidationError naming the path, code read_error, the thrown text not repeated.
 */
import { describe, expect, it } from "vitest";
import { MessageValidationError } from "../../src/errors.js";
import { createRunTracer, otelMessagesText, toOtelMessages, toOtelSystemInstructions, traceRun } from "../../src/otel/index.js";
import { sdk } from "./helpers.js";

const SECRET = "sk-secret-in-the-trap";
const revoked = (): never => {
  const { proxy, revoke } = Proxy.revocable({ role: "user", contents: [] }, {});
  revoke();
  return proxy as never;
};
const throwingGetter = (): object =>
  Object.defineProperty({}, "role", { enumerable: true, get: () => { throw new Error(SECRET); } });

/** The issue of a MessageValidationError thrown by `f` (anything else fails the test). */
function issueOf(f: () => unknown): { path: unknown; code: string; message: string } {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(MessageValidationError);
    expect(String((e as Error).message)).not.toContain(SECRET);
    expect(String((e as Error).message)).not.toContain("revoked");
    return (e as MessageValidationError).issues[0] as never;
  }
  throw new Error("did not throw");
}

describe("toOtelMessages", () => {
  it("a revoked proxy as the list: read_error at the root", () => {
    expect(issueOf(() => toOtelMessages(revoked()))).toMatchObject({ path: [], code: "read_error" });
  });
  it("a revoked proxy as a message: read_error at its index", () => {
    expect(issueOf(() => toOtelMessages([{ type: "SystemMessage", content: "s" }, revoked()]))).toMatchObject({ path: [1], code: "read_error" });
  });
  it("a getter that throws: the library's error at its index, its text not echoed", () => {
    // Read as a MAF message (no AutoGen `type`), whose loader reports it as not a MAF message.
    expect(issueOf(() => toOtelMessages([throwingGetter()]))).toMatchObject({ path: [0] });
  });
});

describe("createRunTracer", () => {
  const { tracer } = sdk();
  it("revoked options: read_error, not a TypeError", () => {
    expect(issueOf(() => createRunTracer(revoked()))).toMatchObject({ path: [], code: "read_error" });
  });
  it("a revoked proxy as the tracer: read_error, not a TypeError", () => {
    expect(issueOf(() => createRunTracer({ tracer: revoked() }))).toMatchObject({ path: [], code: "read_error" });
  });
  it("a revoked proxy pushed: read_error at its index; the recorder goes on", () => {
    const r = createRunTracer({ tracer, captureContent: true });
    r.push({ type: "TextMessage", source: "user", content: "hi" });
    expect(issueOf(() => r.push(revoked()))).toMatchObject({ path: [1], code: "read_error" });
    expect(issueOf(() => r.push({ messages: revoked(), stop_reason: null }))).toMatchObject({ path: [2], code: "read_error" });
    expect(() => r.push({ type: "TextMessage", source: "a", content: "ok" })).not.toThrow();
    r.end();
  });
});

describe("traceRun", () => {
  const { tracer } = sdk();
  it("a revoked proxy as the items: rejects with read_error at the root", async () => {
    await expect(traceRun(revoked(), { tracer })).rejects.toMatchObject({ name: "MessageValidationError", issues: [{ path: [], code: "read_error" }] });
  });
  it("a list whose walk throws: read_error at the index reached", async () => {
    const list = new Proxy([{ type: "TextMessage", source: "user", content: "hi" }, {}], { get: (t, k) => (k === "1" ? (() => { throw new Error(SECRET); })() : Reflect.get(t, k)) });
    const e = await traceRun(list, { tracer }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(MessageValidationError);
    expect((e as MessageValidationError).issues[0]).toMatchObject({ path: [1], code: "read_error" });
    expect((e as Error).message).not.toContain(SECRET);
  });
});

// Found by the ./otel rows of the property table (toOtelSystemInstructions, otelMessagesText): each threw
// a TypeError or the getter's own error before.
describe("toOtelSystemInstructions and otelMessagesText on what is not theirs", () => {
  it("toOtelSystemInstructions: neither a string nor a list is the library's error at the root", () => {
    for (const v of [null, undefined, 5, {}, new Map()]) expect(issueOf(() => toOtelSystemInstructions(v as never)).path).toEqual([]);
  });
  it("toOtelSystemInstructions: an unreadable entry is read_error at its index", () => {
    const list = ["ok", "fine"];
    Object.defineProperty(list, 1, { get: () => { throw new Error(SECRET); } });
    expect(issueOf(() => toOtelSystemInstructions(list))).toMatchObject({ path: [1], code: "read_error" });
    expect(issueOf(() => toOtelSystemInstructions(revoked()))).toMatchObject({ path: [], code: "read_error" });
    expect(issueOf(() => toOtelSystemInstructions(["a", 7 as never]))).toMatchObject({ path: [1] });
  });
  it("otelMessagesText: a getter, a function, a class instance, a cycle each named by path", () => {
    expect(issueOf(() => otelMessagesText([throwingGetter() as never]))).toMatchObject({ path: [], code: "read_error" });
    const fn = [{ role: "user", parts: [{ type: "text", content: () => 1 }] }];
    expect(issueOf(() => otelMessagesText(fn as never)).path).toEqual([0, "parts", 0, "content"]);
    const date = [{ role: "user", parts: [{ type: "x", at: new Date(0) }] }];
    expect(issueOf(() => otelMessagesText(date as never)).path).toEqual([0, "parts", 0, "at"]);
    const cyclic: Record<string, unknown> = { role: "user", parts: [] };
    (cyclic.parts as unknown[]).push(cyclic);
    expect(issueOf(() => otelMessagesText([cyclic] as never)).message).toMatch(/nested deeper than 1100 levels/);
    expect(issueOf(() => otelMessagesText(null as never)).path).toEqual([]);
  });
  it("otelMessagesText: 40 levels of [v, v] (2^40 values written out) is refused at once", () => {
    let v: unknown = "x";
    for (let i = 0; i < 40; i++) v = [v, v];
    const t0 = performance.now();
    expect(issueOf(() => otelMessagesText([{ role: "user", parts: [{ type: "x", v }] }] as never)).message).toMatch(/more than 5000000 JSON values/);
    expect(performance.now() - t0).toBeLessThan(5_000);
  });
  it("otelMessagesText writes whatever toOtelMessages made (a MAF value nested 995 levels deep in a part)", () => {
    let deep: unknown = "x";
    for (let i = 0; i < 995; i++) deep = [deep];
    const messages = toOtelMessages([{ type: "message", role: "user", contents: [{ type: "function_result", call_id: "c", result: deep }] }]);
    expect(JSON.parse(otelMessagesText(messages))).toEqual(messages);
  });
  it("otelMessagesText: messages as MAF writes them, keys as given", () => {
    expect(otelMessagesText([{ role: "user", parts: [{ type: "text", content: "é\n" }] }])).toBe('[{"role": "user", "parts": [{"type": "text", "content": "é\\n"}]}]');
  });
});
