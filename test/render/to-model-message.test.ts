/**
 * `toModelMessage` / `toModelText` on any item `load` returns (issue 34.6): a chat message gives
 * AutoGen's `to_model_message()` / `to_model_text()`; an event, which AutoGen never hands a model,
 * throws the library's typed error (`MessageValidationError` at `type`, code `unsupported`), never
 * a TypeError. The types are checked by test/render/to-model-message.typecheck.ts.
 */
import { describe, expect, it } from "vitest";
import { load, MessageValidationError, toModelMessage, toModelText } from "../../src/index.js";

const EVENTS = [
  { type: "ToolCallRequestEvent", source: "bot", content: [{ id: "c1", name: "f", arguments: "{}" }] },
  { type: "ToolCallExecutionEvent", source: "bot", content: [{ call_id: "c1", name: "f", content: "ok", is_error: false }] },
  { type: "ThoughtEvent", source: "bot", content: "hmm" },
  { type: "ModelClientStreamingChunkEvent", source: "bot", content: "He" },
  { type: "SelectorEvent", source: "manager", content: "x" },
];

describe("toModelMessage of a loaded item", () => {
  it("a chat message: the UserMessage AutoGen's to_model_message() makes", () => {
    expect(toModelMessage(load({ type: "TextMessage", source: "user", content: "Hi" }))).toEqual({ type: "UserMessage", source: "user", content: "Hi" });
    expect(toModelMessage(load({ type: "HandoffMessage", source: "a", target: "b", content: "over to b" }))).toEqual({ type: "UserMessage", source: "a", content: "over to b" });
    expect(toModelText(load({ type: "StopMessage", source: "a", content: "done" }))).toBe("done");
  });

  it("an event: MessageValidationError at type, code unsupported, naming the event", () => {
    for (const payload of EVENTS) {
      const event = load(payload);
      for (const fn of [toModelMessage, toModelText] as const) {
        let thrown: unknown;
        try {
          fn(event);
        } catch (e) {
          thrown = e;
        }
        expect(MessageValidationError.isInstance(thrown), `${fn.name} ${payload.type}`).toBe(true);
        const issues = (thrown as MessageValidationError).issues;
        expect(issues).toEqual([{ path: ["type"], code: "unsupported", message: `${fn.name} needs a chat message, got the event ${payload.type}` }]);
      }
    }
  });
});
