/**
 * `toModelContext`, rule by rule, on small hand-written runs whose expected contexts are worked
 * out by hand from AssistantAgent's and ChatAgentContainer's code (AutoGen 0.7.5).
 */
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { MessageRegistry, MessageValidationError } from "../../src/index.js";
import { listMemoryMessages, toModelContext, viewModelContext } from "../../src/context/index.js";
import { FIXTURE_PNGS } from "../helpers/arbitraries.js";

let n = 0;
const id = () => `id-${++n}`;
const text = (source: string, content: string, extra: Record<string, unknown> = {}) => ({ type: "TextMessage", id: id(), source, content, ...extra });
const call = (callId: string, name: string, args = "{}") => ({ id: callId, arguments: args, name });
const result = (callId: string, name: string, content: string, is_error = false) => ({ content, name, call_id: callId, is_error });
const request = (source: string, calls: unknown[]) => ({ type: "ToolCallRequestEvent", id: id(), source, content: calls });
const execution = (source: string, results: unknown[]) => ({ type: "ToolCallExecutionEvent", id: id(), source, content: results });
const thought = (source: string, content: string) => ({ type: "ThoughtEvent", id: id(), source, content });
const speak = (...speakers: string[]) => ({ type: "SelectSpeakerEvent", id: id(), source: "manager", content: speakers });

const user = (content: unknown, source: string) => ({ content, source, type: "UserMessage" });
const assistant = (content: unknown, source: string, thoughtText: string | null = null) => ({ content, thought: thoughtText, source, type: "AssistantMessage" });
const results = (content: unknown[]) => ({ content, type: "FunctionExecutionResultMessage" });

describe("delivery: what a team participant is given, and when", () => {
  it("a single agent's run: the task as UserMessage, the reply as AssistantMessage", () => {
    const run = [text("user", "Hi"), text("bot", "Hello!"), { messages: [], stop_reason: null }];
    expect(toModelContext(run, { agent: "bot" })).toStrictEqual([user("Hi", "user"), assistant("Hello!", "bot")]);
  });

  it("messages reach a participant only when it takes its turn; its own are not given back; events never", () => {
    const run = [
      text("user", "task"),
      text("a", "a1"),
      speak("b"),
      text("b", "b1"),
      { type: "UserInputRequestedEvent", id: id(), source: "u", request_id: "r" },
      text("a", "a2"),
      text("b", "b2"),
      text("a", "a3"), // after b's last turn: still in b's buffer
    ];
    expect(toModelContext(run, { agent: "b" })).toStrictEqual([
      user("task", "user"),
      user("a1", "a"),
      assistant("b1", "b"),
      user("a2", "a"),
      assistant("b2", "b"),
    ]);
    // An agent that never took a turn holds nothing (round-robin/stop-message).
    expect(toModelContext(run, { agent: "c" })).toStrictEqual([]);
  });

  it("several runs of the same team continue one context (resume without a task)", () => {
    const run1 = [text("user", "t1"), text("a", "a1"), { messages: [], stop_reason: "Maximum number of turns 1 reached." }];
    const run2 = [text("b", "b1"), text("a", "a2"), { messages: [], stop_reason: "Maximum number of turns 2 reached." }];
    expect(toModelContext([...run1, ...run2], { agent: "a" })).toStrictEqual([user("t1", "user"), assistant("a1", "a"), user("b1", "b"), assistant("a2", "a")]);
  });

  it("a SelectSpeakerEvent starts the turns it names: parallel speakers do not see each other's reply", () => {
    const run = [text("user", "t"), text("a", "a1"), speak("b", "c"), text("b", "b1"), text("c", "c1"), speak("d"), text("d", "d1")];
    expect(toModelContext(run, { agent: "c" })).toStrictEqual([user("t", "user"), user("a1", "a"), assistant("c1", "c")]);
    // Without the event the turns look sequential: c would have been given b1 first.
    const sequential = run.filter((m) => m.type !== "SelectSpeakerEvent");
    expect(toModelContext(sequential, { agent: "c" })).toStrictEqual([user("t", "user"), user("a1", "a"), user("b1", "b"), assistant("c1", "c")]);
    // A turn that started and failed: the buffer was handed over, nothing else.
    expect(toModelContext([...run, speak("a")], { agent: "a" })).toStrictEqual([user("t", "user"), assistant("a1", "a"), user("b1", "b"), user("c1", "c"), user("d1", "d")]);
  });

  it("nextTurn: what the agent has been sent since its last turn is added, as its next turn would", () => {
    const run = [text("user", "t"), text("a", "a1"), text("b", "b1"), text("a", "a2"), text("user", "new task")];
    expect(toModelContext(run, { agent: "a", nextTurn: true })).toStrictEqual([
      user("t", "user"),
      assistant("a1", "a"),
      user("b1", "b"),
      assistant("a2", "a"),
      user("new task", "user"),
    ]);
    expect(toModelContext(run, { agent: "a" })).toHaveLength(4);
  });

  it("a HandoffMessage's context goes first, then the handoff itself", () => {
    const carried = [
      assistant([call("c1", "lookup")], "a", "thinking"),
      results([result("c1", "lookup", "42")]),
    ];
    const run = [text("user", "go"), { type: "HandoffMessage", id: id(), source: "a", target: "b", content: "Transferred to b.", context: carried }, text("b", "done")];
    expect(toModelContext(run, { agent: "b" })).toStrictEqual([user("go", "user"), ...carried, user("Transferred to b.", "a"), assistant("done", "b")]);
  });

  it("each kind's to_model_message: stop, tool-call summary, structured (pydantic JSON), multimodal (images kept)", () => {
    const png = FIXTURE_PNGS[0]!;
    const run = [
      { type: "StopMessage", id: id(), source: "x", content: "stop" },
      { type: "ToolCallSummaryMessage", id: id(), source: "x", content: "sum", tool_calls: [], results: [] },
      { type: "StructuredMessage[Plan]", id: id(), source: "x", content: { days: 2, note: "é" } },
      { type: "MultiModalMessage", id: id(), source: "x", content: ["look", { data: png }] },
      text("me", "ok"),
    ];
    expect(toModelContext(run, { agent: "me" })).toStrictEqual([
      user("stop", "x"),
      user("sum", "x"),
      user('{"days":2,"note":"é"}', "x"),
      user(["look", { data: png }], "x"),
      assistant("ok", "me"),
    ]);
  });

  it("a MessageFilterAgent's filter applies to each delivery", () => {
    const run = [text("user", "u1"), text("user", "u2"), text("a", "a1"), text("a", "a2"), text("me", "m1")];
    const messageFilter = { per_source: [{ source: "user", position: "first" as const, count: 1 }, { source: "a", position: "last" as const, count: 1 }] };
    expect(toModelContext(run, { agent: "me", messageFilter })).toStrictEqual([user("u1", "user"), user("a2", "a"), assistant("m1", "me")]);
  });
});

describe("the agent's own turn", () => {
  it("a tool round: the calls (with the thought before them) and the results; a summary adds nothing", () => {
    const calls = [call("c1", "add", '{"a": 1}'), call("c2", "mul", '{"b": 2}')];
    const outs = [result("c1", "add", "1"), result("c2", "mul", "boom", true)];
    const run = [text("user", "q"), thought("me", "plan"), request("me", calls), execution("me", outs), { type: "ToolCallSummaryMessage", id: id(), source: "me", content: "1\nboom", tool_calls: calls, results: outs }];
    expect(toModelContext(run, { agent: "me" })).toStrictEqual([user("q", "user"), assistant(calls, "me", "plan"), results(outs)]);
  });

  it("tool rounds then a reflection: each model result with its own thought", () => {
    const c1 = [call("c1", "f")];
    const c2 = [call("c2", "g")];
    const run = [
      text("user", "q"),
      request("me", c1),
      execution("me", [result("c1", "f", "x")]),
      thought("me", "second"),
      request("me", c2),
      execution("me", [result("c2", "g", "y")]),
      thought("me", "reflect"),
      text("me", "answer"),
    ];
    expect(toModelContext(run, { agent: "me" })).toStrictEqual([
      user("q", "user"),
      assistant(c1, "me"),
      results([result("c1", "f", "x")]),
      assistant(c2, "me", "second"),
      results([result("c2", "g", "y")]),
      assistant("answer", "me", "reflect"),
    ]);
  });

  it("a handoff adds nothing after its call and result", () => {
    const calls = [call("h1", "transfer_to_b")];
    const run = [text("user", "q"), thought("me", "hand over"), request("me", calls), execution("me", [result("h1", "transfer_to_b", "Transferred to b.")]), { type: "HandoffMessage", id: id(), source: "me", target: "b", content: "Transferred to b.", context: [assistant("hand over", "me")] }];
    expect(toModelContext(run, { agent: "me" })).toStrictEqual([user("q", "user"), assistant(calls, "me", "hand over"), results([result("h1", "transfer_to_b", "Transferred to b.")])]);
  });

  it("memory: ListMemory's SystemMessage after the delivered messages, str() of each content", () => {
    const memory = { type: "MemoryQueryEvent", id: id(), source: "me", content: [{ content: "likes tea", mime_type: "text/plain" }, { content: { k: [1, true, null], s: "it's" }, mime_type: "application/json" }] };
    const run = [text("user", "q"), memory, text("me", "a")];
    const system = { content: "\nRelevant memory content (in chronological order):\n1. likes tea\n2. {'k': [1, True, None], 's': \"it's\"}\n", type: "SystemMessage" };
    expect(toModelContext(run, { agent: "me" })).toStrictEqual([user("q", "user"), system, assistant("a", "me")]);
    // Another memory's own format.
    const memoryMessages = () => [{ type: "SystemMessage", content: "remember: tea" } as const];
    expect(toModelContext(run, { agent: "me", memoryMessages })[1]).toStrictEqual({ content: "remember: tea", type: "SystemMessage" });
    expect(listMemoryMessages({ content: [] })).toStrictEqual([]);
  });

  it("a structured reply: the streamed text, else the supplied text, else pydantic's compact JSON", () => {
    const reply = { type: "StructuredMessage[Verdict]", id: "r1", source: "me", content: { ok: true, score: 1.5 } };
    const chunk = (content: string) => ({ type: "ModelClientStreamingChunkEvent", id: id(), source: "me", content, full_message_id: "r1" });
    expect(toModelContext([text("user", "q"), reply], { agent: "me" })[1]).toStrictEqual(assistant('{"ok":true,"score":1.5}', "me"));
    expect(toModelContext([text("user", "q"), chunk('{"ok": true, '), chunk('"score": 1.50}'), reply], { agent: "me" })[1]).toStrictEqual(assistant('{"ok": true, "score": 1.50}', "me"));
    expect(toModelContext([text("user", "q"), reply], { agent: "me", structuredContent: (m) => (m.id === "r1" ? "RAW" : undefined) })[1]).toStrictEqual(assistant("RAW", "me"));
  });

  it("a structured reply's numbers: -0.0 as JSON.parse reads it needs no content model; a whole float does", () => {
    // pydantic writes the float -0.0 as -0.0; JSON.parse keeps its sign (-0), which only a float can carry.
    const items = JSON.parse('[{"type":"StructuredMessage[Verdict]","id":"v1","source":"me","content":{"score":-0.0},"format_string":null}]') as unknown[];
    expect(toModelContext(items, { agent: "me" })).toStrictEqual([assistant('{"score":-0.0}', "me")]);
    // A JSON.stringify round trip on the way writes -0 as 0: nothing in the item says -0.0 any more.
    expect(toModelContext(JSON.parse(JSON.stringify(items)) as unknown[], { agent: "me" })).toStrictEqual([assistant('{"score":0}', "me")]);
    // 2.0 reads as 2, an int for all the item says: the content model (score: float) in the registry restores it.
    const whole = [{ type: "StructuredMessage[Verdict]", id: "v2", source: "me", content: { score: 2 }, format_string: null }];
    expect(toModelContext(whole, { agent: "me" })).toStrictEqual([assistant('{"score":2}', "me")]);
    const registry = new MessageRegistry();
    registry.registerStructuredMessage("Verdict", z.object({ score: z.number() }));
    expect(toModelContext(whole, { agent: "me", registry })).toStrictEqual([assistant('{"score":2.0}', "me")]);
  });

  it("a Response (on_messages_stream): its inner messages and chat message, each once", () => {
    const calls = [call("c1", "f")];
    const req = request("me", calls);
    const exe = execution("me", [result("c1", "f", "r")]);
    const summary = { type: "ToolCallSummaryMessage", id: id(), source: "me", content: "r", tool_calls: calls, results: [result("c1", "f", "r")] };
    const input = text("user", "q");
    const answer = text("me", "second");
    const items = [input, req, exe, { chat_message: summary, inner_messages: [req, exe] }, text("user", "again"), { chat_message: answer, inner_messages: [] }];
    expect(toModelContext(items, { agent: "me" })).toStrictEqual([user("q", "user"), assistant(calls, "me"), results([result("c1", "f", "r")]), user("again", "user"), assistant("second", "me")]);
    // Only the Responses (not streamed): the same context.
    expect(toModelContext([input, { chat_message: summary, inner_messages: [req, exe] }, items[4], items[5]], { agent: "me" })).toStrictEqual(toModelContext(items, { agent: "me" }));
  });

  it("a TaskResult alone (a run() result, not streamed) gives the same context as the stream", () => {
    const stream = [text("user", "t"), text("a", "a1"), text("me", "m1")];
    const result = { messages: stream, stop_reason: null };
    expect(toModelContext([result], { agent: "me" })).toStrictEqual(toModelContext([...stream, result], { agent: "me" }));
    expect(toModelContext([result], { agent: "me" })).toStrictEqual([user("t", "user"), user("a1", "a"), assistant("m1", "me")]);
  });
});

describe("resets", () => {
  it("MagenticOne's task ledger resets every participant (buffer and context) before it is broadcast", () => {
    const ledger = (task: string) => text("MagenticOneOrchestrator", `\nWe are working to address the following user request:\n\n${task}\n\n\nTo answer …`);
    const run = [text("user", "task"), ledger("task"), text("MagenticOneOrchestrator", "do it"), speak("me"), text("me", "m1"), text("MagenticOneOrchestrator", "stalled"), ledger("task, replanned"), text("MagenticOneOrchestrator", "again"), text("me", "m2")];
    const second = run[6] as { content: string };
    expect(toModelContext(run, { agent: "me", initialMessages: [{ type: "SystemMessage", content: "lost at the reset" }] })).toStrictEqual([
      user(second.content, "MagenticOneOrchestrator"),
      user("again", "MagenticOneOrchestrator"),
      assistant("m2", "me"),
    ]);
    // Not the ledger's opening: no reset.
    expect(toModelContext([text("MagenticOneOrchestrator", "plain"), text("me", "m")], { agent: "me", initialMessages: [{ type: "SystemMessage", content: "kept" }] })).toStrictEqual([
      { content: "kept", type: "SystemMessage" },
      user("plain", "MagenticOneOrchestrator"),
      assistant("m", "me"),
    ]);
  });

  it("a SocietyOfMindAgent: its inner messages are not published; its inner team is reset after its turn", () => {
    const run = [text("user", "t"), text("in1", "i1"), text("in2", "i2"), text("som", "summary"), text("out", "o1"), text("in1", "i1b")];
    const innerTeams = { som: ["in1", "in2"] };
    expect(toModelContext(run, { agent: "out", innerTeams })).toStrictEqual([user("t", "user"), user("summary", "som"), assistant("o1", "out")]);
    // First turn: the inner team's task is som's buffer ([t]); in2 is also given in1's reply.
    expect(toModelContext(run.slice(0, 3), { agent: "in2", innerTeams })).toStrictEqual([user("t", "user"), user("i1", "in1"), assistant("i2", "in2")]);
    expect(toModelContext(run.slice(0, 4), { agent: "in2", innerTeams })).toStrictEqual([]); // reset after som's turn
    // Second turn: som's model context ([t], what it was given in its first turn) comes first, in a
    // HandoffMessage "relevant previous messages" (its context, then itself), then som's new buffer ([o1]).
    const previous = user("relevant previous messages", "som");
    expect(toModelContext(run, { agent: "in1", innerTeams })).toStrictEqual([user("t", "user"), previous, user("o1", "out"), assistant("i1b", "in1")]);
    const more = [...run, text("in2", "i2b"), text("som", "summary2"), text("out", "o2")];
    expect(toModelContext(more.slice(0, 7), { agent: "in2", innerTeams })).toStrictEqual([user("t", "user"), previous, user("o1", "out"), user("i1b", "in1"), assistant("i2b", "in2")]);
    expect(toModelContext(more, { agent: "in2", innerTeams })).toStrictEqual([]);
    // Its next turn: som's context is now [t, o1] (its two buffers), its buffer [o2].
    expect(toModelContext(more, { agent: "in2", innerTeams, nextTurn: true })).toStrictEqual([user("t", "user"), user("o1", "out"), previous, user("o2", "out")]);
    // The outer participant is given som's answers only.
    expect(toModelContext([...more, text("out", "o3")], { agent: "out", innerTeams })).toStrictEqual([
      user("t", "user"), user("summary", "som"), assistant("o1", "out"), user("summary2", "som"), assistant("o2", "out"), assistant("o3", "out"),
    ]);
  });

  it("a SocietyOfMindAgent's inner team turn starts when it is selected; MagenticOne's ledger also clears its context", () => {
    const innerTeams = { som: ["in1"] };
    // Selected, the inner team starts (task: som's buffer) even if in1 yields nothing before nextTurn.
    expect(toModelContext([text("user", "t"), speak("som")], { agent: "in1", innerTeams, nextTurn: true })).toStrictEqual([user("t", "user")]);
    const ledger = "\nWe are working to address the following user request:\n\nq";
    const run = [text("user", "t"), text("in1", "a"), text("som", "s"), text("MagenticOneOrchestrator", ledger), text("in1", "b")];
    // The ledger reset som (context and inner team): no "relevant previous messages" on its next turn.
    expect(toModelContext(run, { agent: "in1", innerTeams })).toStrictEqual([user(ledger, "MagenticOneOrchestrator"), assistant("b", "in1")]);
  });
});

describe("what the next model call sends (options)", () => {
  const run = [
    text("user", "q"),
    request("me", [call("c1", "f")]),
    execution("me", [result("c1", "f", "r")]),
    text("me", "a1"),
    text("user", "q2"),
    text("me", "a2"),
  ];
  const stored = toModelContext(run, { agent: "me" });

  it("systemMessage first; vision false turns images into <image> text", () => {
    const png = FIXTURE_PNGS[0]!;
    const withImage = [{ type: "MultiModalMessage", id: id(), source: "user", content: ["see", { data: png }, "this"] }, text("me", "ok")];
    expect(toModelContext(withImage, { agent: "me", systemMessage: "Be brief.", vision: false })).toStrictEqual([
      { content: "Be brief.", type: "SystemMessage" },
      user("see\n<image>\nthis", "user"),
      assistant("ok", "me"),
    ]);
  });

  it("buffered: the last N, never starting with tool results", () => {
    expect(toModelContext(run, { agent: "me", modelContext: { type: "buffered", bufferSize: 2 } })).toStrictEqual(stored.slice(4));
    // The last 4 start with the results of a call they cut off: dropped.
    expect(viewModelContext(stored, { type: "buffered", bufferSize: 4 })).toStrictEqual(stored.slice(3));
    expect(viewModelContext(stored, { type: "buffered", bufferSize: 5 })).toStrictEqual(stored.slice(1));
    // AutoGen: ValueError("buffer_size must be greater than 0.") in the constructor.
    expect(() => viewModelContext(stored, { type: "buffered", bufferSize: 0 })).toThrow("Invalid model context view: bufferSize: expected an integer greater than 0, got number 0");
  });

  it("head-and-tail: head without a trailing call, a skipped-count note counted from the sizes, tail", () => {
    expect(viewModelContext(stored, { type: "head-and-tail", headSize: 2, tailSize: 2 })).toStrictEqual([
      stored[0],
      { content: "Skipped 2 messages.", source: "System", type: "UserMessage" },
      stored[4],
      stored[5],
    ]);
    expect(viewModelContext(stored, { type: "head-and-tail", headSize: 3, tailSize: 3 })).toStrictEqual(stored);
  });

  it("token-limited: removes from the middle until the count fits", () => {
    // One token per message: 6 messages → pops index 3 (a1), then index 2 (the tool results).
    const view = viewModelContext(stored, { type: "token-limited", tokenLimit: 4, countTokens: (m) => m.length });
    expect(view).toStrictEqual([stored[0], stored[1], stored[4], stored[5]]);
  });
});

describe("bad input", () => {
  it("throws MessageValidationError with the path from the top of the list", () => {
    const bad = (items: unknown) => {
      try {
        toModelContext(items as unknown[], { agent: "me" });
      } catch (e) {
        expect(MessageValidationError.isInstance(e)).toBe(true);
        return (e as Error).message;
      }
      throw new Error("no error");
    };
    expect(bad([text("user", "ok"), { type: "TextMessage", source: 42, content: "x" }])).toBe("Invalid TextMessage: [1].source: expected string, got number 42");
    expect(bad([{ messages: [text("u", "x"), { type: "Nope", source: "u" }] }])).toMatch(/^Invalid message: \[0\]\.messages\[1\]\.type: /);
    expect(bad([{ chat_message: thought("me", "t") }])).toMatch(/\[0\]\.chat_message\.type: expected a chat message, got the event ThoughtEvent/);
    expect(bad([{ messages: "x" }])).toMatch(/\[0\]\.messages: expected a list/);
    expect(bad([7])).toMatch(/\[0\]: expected a message, a TaskResult or a Response, got number 7/);
    expect(bad(null)).toMatch(/expected a list of messages/);
  });

  /** The error `toModelContext(items, options)` throws: a MessageValidationError, its message and issue paths. */
  const optionFailure = (options: unknown, items: unknown[] = [text("me", "x")]) => {
    try {
      toModelContext(items, options as never);
    } catch (e) {
      if (!MessageValidationError.isInstance(e)) throw e;
      return { message: e.message, paths: e.issues.map((i) => i.path.join(".")) };
    }
    throw new Error("no error");
  };

  it("a bad option: MessageValidationError naming the option, before any item is read", () => {
    expect(optionFailure(undefined).message).toBe("Invalid toModelContext options: (root): expected an object with at least agent (the AssistantAgent's name), got nothing");
    expect(optionFailure({ agent: "" }).message).toBe("Invalid toModelContext options: agent: expected the AssistantAgent's name (a non-empty string), got string \"\"");
    expect(optionFailure({ name: "me" }).message).toBe("Invalid toModelContext options: agent: expected the AssistantAgent's name (a non-empty string), got nothing");
    // The options are checked first: the bad item at [0] is not what is reported.
    expect(optionFailure({ agent: 7 }, [7]).message).toBe("Invalid toModelContext options: agent: expected the AssistantAgent's name (a non-empty string), got number 7");
    expect(optionFailure({ agent: "me", systemMessage: 1 }).message).toBe("Invalid toModelContext options: systemMessage: expected a string or null, got number 1");
    expect(optionFailure({ agent: "me", vision: "no" }).message).toBe('Invalid toModelContext options: vision: expected a boolean, got string "no"');
    expect(optionFailure({ agent: "me", nextTurn: 1 }).message).toBe("Invalid toModelContext options: nextTurn: expected a boolean, got number 1");
    expect(optionFailure({ agent: "me", memoryMessages: [] }).message).toBe("Invalid toModelContext options: memoryMessages: expected a function, got array");
    expect(optionFailure({ agent: "me", structuredContent: "x" }).message).toBe('Invalid toModelContext options: structuredContent: expected a function, got string "x"');
    expect(optionFailure({ agent: "me", registry: {} }).message).toBe("Invalid toModelContext options: registry: expected a MessageRegistry, got object");
  });

  it("a bad model context view, filter, inner team or initial message: the path inside the option", () => {
    expect(optionFailure({ agent: "me", modelContext: { type: "bufferd", bufferSize: 2 } }).message).toBe(
      'Invalid toModelContext options: modelContext.type: expected "unbounded" | "buffered" | "head-and-tail" | "token-limited", got string "bufferd" (did you mean "buffered"?)',
    );
    expect(optionFailure({ agent: "me", modelContext: { type: "buffered", bufferSize: 2.5 } }).message).toBe("Invalid toModelContext options: modelContext.bufferSize: expected an integer greater than 0, got number 2.5");
    expect(optionFailure({ agent: "me", modelContext: { type: "head-and-tail", headSize: 0 } }).paths).toStrictEqual(["modelContext.headSize", "modelContext.tailSize"]);
    expect(optionFailure({ agent: "me", modelContext: { type: "token-limited", tokenLimit: 10 } }).message).toBe("Invalid toModelContext options: modelContext.countTokens: expected a function, got nothing");
    expect(optionFailure({ agent: "me", modelContext: "buffered" }).paths).toStrictEqual(["modelContext"]);
    expect(optionFailure({ agent: "me", messageFilter: { per_source: [{ source: 3 }] } }).message).toBe("Invalid toModelContext options: messageFilter.per_source[0].source: expected string, got number 3");
    expect(optionFailure({ agent: "me", innerTeams: { som: "in1" } }).message).toBe('Invalid toModelContext options: innerTeams.som: expected a list of agent names, got string "in1"');
    expect(optionFailure({ agent: "me", innerTeams: { som: ["in1", 2] } }).paths).toStrictEqual(["innerTeams.som.1"]);
    expect(optionFailure({ agent: "me", innerTeams: [] }).paths).toStrictEqual(["innerTeams"]);
    expect(optionFailure({ agent: "me", initialMessages: [{ type: "UserMessage", content: "x" }] }).message).toBe("Invalid toModelContext options: initialMessages[0].source: Field required");
    expect(optionFailure({ agent: "me", initialMessages: "x" }).paths).toStrictEqual(["initialMessages"]);
    // Every bad option at once, in the order of the options' documentation.
    expect(optionFailure({ agent: 1, vision: 1, modelContext: { type: "buffered" } }).paths).toStrictEqual(["agent", "vision", "modelContext.bufferSize"]);
  });

  it("what an option's function returned: MessageValidationError naming the option", () => {
    const memory = [{ type: "MemoryQueryEvent", id: id(), source: "me", content: [{ content: "m", mime_type: "text/plain" }] }, text("me", "x")];
    expect(optionFailure({ agent: "me", memoryMessages: () => [{ type: "Bogus" }] }, memory).message).toMatch(/^Invalid toModelContext options: memoryMessages\[0\]: unknown type string "Bogus": expected one of "SystemMessage"/);
    expect(optionFailure({ agent: "me", memoryMessages: () => "text" }, memory).message).toBe('Invalid toModelContext options: memoryMessages: expected a list of LLM messages, got string "text"');
    const structured = [{ type: "StructuredMessage[Verdict]", id: id(), source: "me", content: { ok: true }, format_string: null }];
    expect(optionFailure({ agent: "me", structuredContent: () => 42 }, structured).message).toBe("Invalid toModelContext options: structuredContent: expected it to return a string or undefined, got number 42");
    const view = { type: "token-limited", tokenLimit: 1, countTokens: () => "many" } as const;
    expect(optionFailure({ agent: "me", modelContext: view }).message).toBe('Invalid toModelContext options: modelContext.countTokens: expected it to return a number, got string "many"');
    expect(() => viewModelContext([], view as never)).not.toThrow(); // an empty context is never counted
    expect(() => viewModelContext([user("a", "u")] as never, view as never)).toThrow('Invalid model context view: countTokens: expected it to return a number, got string "many"');
  });

  it("viewModelContext: the view and the list are checked", () => {
    expect(() => viewModelContext([], { type: "nope" } as never)).toThrow('Invalid model context view: type: expected "unbounded" | "buffered" | "head-and-tail" | "token-limited", got string "nope"');
    expect(() => viewModelContext([], { type: "head-and-tail", headSize: 1, tailSize: -1 })).toThrow("Invalid model context view: tailSize: expected an integer greater than 0, got number -1");
    expect(() => viewModelContext("x" as never, { type: "unbounded" })).toThrow('Invalid model context: (root): expected a list of LLM messages, got string "x"');
  });

  it("does not change the caller's items", () => {
    const items = [text("user", "q"), request("me", [call("c1", "f")]), execution("me", [result("c1", "f", "r")]), text("me", "a")];
    const copy = structuredClone(items);
    const out = toModelContext(items, { agent: "me" });
    (out[1] as { content: Array<{ name: string }> }).content[0]!.name = "changed";
    expect(items).toStrictEqual(copy);
  });
});
