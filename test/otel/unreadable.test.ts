/**
 * Values that cannot be read (a revoked proxy: every trap, `Array.isArray` too, throws TypeError;
 * a getter that throws) at each place ./otel reads the caller's value: the library's
 * MessageValidationError naming the path, code read_error, the thrown text not repeated.
 */
import { describe, expect, it } from "vitest";
import { MessageValidationError } from "../../src/errors.js";
import { createRunTracer, toOtelMessages, traceRun } from "../../src/otel/index.js";
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
