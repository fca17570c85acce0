import { describe, expect, expectTypeOf, it } from "vitest";
import { MessageValidationError } from "../../src/errors.js";
import { KIND, isChatMessageKind, isEventKind, type Kind, type PerKind } from "../../src/kind-groups.js";
import { MessageAccumulator, isResponse, isRunItem, isTaskResult, itemMessages, loadRunItem, runMessages, underPath } from "../../src/run/index.js";
import { defaultRegistry } from "../../src/registry.js";

const text = { id: "m1", type: "TextMessage", source: "user", content: "hi", metadata: {}, models_usage: null, created_at: "2025-01-01T00:00:00Z" };

describe("run/", () => {
  it("classifies a bare TaskResult dump (Python's model_dump of team.run())", () => {
    const r = loadRunItem({ messages: [text], stop_reason: "done" });
    expect(r.ok && r.kind).toBe("TaskResult");
  });

  it("a Response whose inner_messages is 5 is a typed error naming the path", () => {
    const r = loadRunItem({ chat_message: text, inner_messages: 5 });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error).toBeInstanceOf(MessageValidationError);
      expect(r.error.message).toContain("inner_messages");
    }
  });

  it("runMessages takes a message once across the stream and its TaskResult", () => {
    const out = [...runMessages([text, { messages: [text], stop_reason: null }], defaultRegistry)].map((m) => m.id);
    expect(out).toEqual(["m1"]);
  });

  it("MessageAccumulator de-duplicates by id one item at a time", () => {
    const acc = new MessageAccumulator();
    const m = defaultRegistry.load(text);
    expect([acc.add(m), acc.add(m), acc.size]).toEqual([true, false, 1]);
  });

  it("itemMessages locates an error under the path it is given, or at the item's own fields with []", () => {
    const bad = { messages: [text, { ...text, id: "m2", source: 7 }], stop_reason: null };
    const at = (path: (string | number)[]) => {
      try {
        [...itemMessages(bad, defaultRegistry, path)];
      } catch (e) {
        return (e as MessageValidationError).issues[0]!.path;
      }
      return null;
    };
    expect(at([3])).toEqual([3, "messages", 1, "source"]);
    expect(at([])).toEqual(["messages", 1, "source"]);
  });

  it("itemMessages does not de-duplicate (runMessages and MessageAccumulator do)", () => {
    const r = { chat_message: text, inner_messages: [text] };
    expect([...itemMessages(r, defaultRegistry, [])].map((m) => m.id)).toEqual(["m1", "m1"]);
    expect([...runMessages([r], defaultRegistry)].map((m) => m.id)).toEqual(["m1"]);
  });

  it("isTaskResult / isResponse / isRunItem tell a run's values and a reader's items apart by shape", () => {
    const result = { messages: [], stop_reason: null };
    const response = { chat_message: text, inner_messages: null };
    const item = { kind: "control", control: { type: "pong" } };
    expect([isTaskResult(result), isTaskResult(response), isTaskResult(text), isTaskResult([]), isTaskResult({ type: "X", messages: [] })]).toEqual([true, false, false, false, false]);
    expect([isResponse(response), isResponse(result), isResponse({ chat_message: "hi" }), isResponse(null)]).toEqual([true, false, false, false]);
    // A message whose own field is named `kind` is still a message (it has a `type`).
    expect([isRunItem(item as never), isRunItem(text as never), isRunItem(result as never), isRunItem({ ...text, kind: "x" } as never)]).toEqual([true, false, false, false]);
  });

  it("underPath re-roots issue paths and leaves the input error alone", () => {
    const e = new MessageValidationError("TextMessage", [{ path: ["content"], code: "missing", message: "Field required" }]);
    expect(underPath(["data"], e).issues[0]!.path).toEqual(["data", "content"]);
    expect(e.issues[0]!.path).toEqual(["content"]);
  });
});

describe("kind-groups", () => {
  it("groups come from the kind table", () => {
    expect([isChatMessageKind("TextMessage"), isChatMessageKind("ThoughtEvent"), isEventKind("ToolCallExecutionEvent"), isEventKind(5)]).toEqual([true, false, true, false]);
  });

  it("PerKind<T> needs every kind: a table missing one fails to compile", () => {
    type Partial1 = Omit<PerKind<number>, "TextMessage">;
    expectTypeOf<Partial1>().not.toMatchTypeOf<PerKind<number>>();
    expectTypeOf<"TextMessage">().toMatchTypeOf<Kind>();
    // @ts-expect-error -- TextMessage is missing
    const table: PerKind<number> = {} as Partial1;
    expect(table).toBeDefined();
  });

  // AutoGen 0.7.5's built-in kinds (autogen_agentchat/messages.py), written out by hand.
  const AUTOGEN_KINDS = {
    TextMessage: 1, MultiModalMessage: 1, StopMessage: 1, HandoffMessage: 1, ToolCallSummaryMessage: 1,
    ToolCallRequestEvent: 1, ToolCallExecutionEvent: 1, MemoryQueryEvent: 1, UserInputRequestedEvent: 1,
    ModelClientStreamingChunkEvent: 1, ThoughtEvent: 1, SelectSpeakerEvent: 1, SelectorEvent: 1,
    CodeGenerationEvent: 1, CodeExecutionEvent: 1,
  } satisfies PerKind<number>;

  it("KIND holds every built-in kind's name as itself, frozen, typed as the literal", () => {
    expect(Object.keys(KIND).sort()).toEqual(Object.keys(AUTOGEN_KINDS).sort());
    for (const [key, value] of Object.entries(KIND)) expect(value).toBe(key);
    expect(Object.isFrozen(KIND)).toBe(true);
    expectTypeOf(KIND.ToolCallExecutionEvent).toEqualTypeOf<"ToolCallExecutionEvent">();
    // @ts-expect-error -- not a built-in kind
    expect(KIND.NoSuchEvent).toBeUndefined();
  });

  it("adding a kind fails to compile where a per-kind table or an exhaustive switch does not handle it", () => {
    // The kind union as it would be with one more kind: every table written for today's kinds lacks it.
    type WithNewKind = Kind | "NewKindEvent";
    // @ts-expect-error -- NewKindEvent is missing from a table written for today's kinds
    const table: { readonly [K in WithNewKind]: number } = AUTOGEN_KINDS;
    // An exhaustive switch through KIND (as src/html/cards.ts, src/context/to-model-context.ts dispatch) stops at `never`.
    const groupOf = (type: WithNewKind): string => {
      switch (type) {
        case KIND.TextMessage: case KIND.MultiModalMessage: case KIND.StopMessage: case KIND.HandoffMessage: case KIND.ToolCallSummaryMessage:
          return "chat";
        case KIND.ToolCallRequestEvent: case KIND.ToolCallExecutionEvent: case KIND.MemoryQueryEvent: case KIND.UserInputRequestedEvent:
        case KIND.ModelClientStreamingChunkEvent: case KIND.ThoughtEvent: case KIND.SelectSpeakerEvent: case KIND.SelectorEvent:
        case KIND.CodeGenerationEvent: case KIND.CodeExecutionEvent:
          return "event";
        default: {
          // @ts-expect-error -- "NewKindEvent" is not handled, so `type` is not `never` here
          const unhandled: never = type;
          return unhandled;
        }
      }
    };
    expect([table.TextMessage, groupOf(KIND.StopMessage), groupOf(KIND.ThoughtEvent)]).toEqual([1, "chat", "event"]);
  });
});
