/**
 * AutoGen ↔ MAF conversions: shapes held to what the real MAF 1.13 writes (test/fixtures/maf,
 * recorded from MAF's own code), mappings to hand-computed values, errors with their paths, and
 * inputs never changed.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MessageValidationError } from "../../src/errors.js";
import { renderHtml } from "../../src/html/index.js";
import { ConsoleRenderer } from "../../src/console/renderer.js";
import {
  fromMafMessages,
  toMafAgentResponse,
  toMafMessages,
  toMafSession,
  toMafSessions,
  type MafConversionLoss,
} from "../../src/maf/index.js";
import { dumpMaf, dumpMafJson, loadMaf } from "../../src/maf/index.js";

const fixture = (f: string) => fileURLToPath(new URL(`../fixtures/${f}`, import.meta.url));
const readJsonl = (f: string): any[] => readFileSync(fixture(f), "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
const sessions = new Map(readJsonl("maf/sessions.jsonl").map((r) => [r.scenario as string, r]));
const contents = new Map(readJsonl("maf/contents.jsonl").map((r) => [`${r.kind}/${r.name}`, r]));

/** A real 2×2 PNG (the one MAF's fixtures carry). */
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAGUlEQVR4nAXBAQ0AAAzDIJbcv+UeRNJNYg8/AAYBKB8MbQAAAABJRU5ErkJggg==";

function thrown(f: () => unknown): MessageValidationError {
  try {
    f();
  } catch (e) {
    expect(MessageValidationError.isInstance(e)).toBe(true);
    return e as MessageValidationError;
  }
  throw new Error("expected a MessageValidationError");
}

function deepFreeze<T>(v: T): T {
  if (v && typeof v === "object") {
    Object.values(v).forEach(deepFreeze);
    Object.freeze(v);
  }
  return v;
}

describe("MAF content shapes, as MAF's own constructors write them", () => {
  it("a tool result is what Content.from_function_result(call_id, result=<str>) writes", () => {
    const [msg] = toMafMessages([{ type: "FunctionExecutionResultMessage", content: [{ content: "It is sunny in Paris.", name: "w", call_id: "call_1", is_error: false }] }]);
    const expected = contents.get("function_result/result_str")!.to_dict;
    expect(JSON.stringify(msg!.contents[0])).toBe(JSON.stringify(expected)); // key order included
  });

  it("an empty tool result gets MAF's empty text item", () => {
    const [msg] = toMafMessages([{ type: "FunctionExecutionResultMessage", content: [{ content: "", name: "w", call_id: "call_6" }] }]);
    expect(JSON.stringify(msg!.contents[0])).toBe(JSON.stringify(contents.get("function_result/result_empty_str")!.to_dict));
  });

  it("a tool call keeps its arguments text, as Content.from_function_call(arguments=<str>)", () => {
    const [msg] = toMafMessages([{ type: "AssistantMessage", source: "a", content: [{ id: "call_1", name: "get_weather", arguments: '{"city": "Paris"}' }] }]);
    expect(JSON.stringify(msg!.contents[0])).toBe(JSON.stringify(contents.get("function_call/arguments_str")!.to_dict));
  });

  it("an image is what Content.from_data(<png bytes>, 'image/png') writes", () => {
    const [msg] = toMafMessages([{ type: "UserMessage", source: "user", content: [{ data: PNG }] }]);
    expect(JSON.stringify(msg!.contents[0])).toBe(JSON.stringify(contents.get("data/png_from_data")!.to_dict));
  });

  it("a thought is a text_reasoning content", () => {
    const [msg] = toMafMessages([{ type: "AssistantMessage", source: "a", content: "x", thought: "Mars has two moons: Phobos and Deimos." }]);
    expect(JSON.stringify(msg!.contents[0])).toBe(JSON.stringify(contents.get("text_reasoning/text_only")!.to_dict));
  });

  it("usage is a usage content, total = prompt + completion, as Content.from_usage({input, output, total})", () => {
    const [msg] = toMafMessages([{ type: "TextMessage", id: "m", source: "a", content: "hi", models_usage: { prompt_tokens: 120, completion_tokens: 30 } }]);
    expect(JSON.stringify(msg!.contents[1])).toBe(JSON.stringify(contents.get("usage/full")!.to_dict));
  });
});

describe("toMafSession", () => {
  it("an AutoGen context of MAF's tool_single run gives that run's history (contents and roles exactly)", () => {
    const recorded = sessions.get("tool_single")!.session.state.in_memory.messages;
    const session = toMafSession(
      [
        { type: "UserMessage", source: "user", content: "What's the weather in Paris?" },
        { type: "AssistantMessage", source: "weather_bot", content: [{ id: "call_1", name: "get_weather", arguments: '{"city": "Paris"}' }] },
        { type: "FunctionExecutionResultMessage", content: [{ content: "Sunny, 22°C in Paris", name: "get_weather", call_id: "call_1", is_error: false }] },
        { type: "AssistantMessage", source: "weather_bot", content: "It is sunny in Paris." },
      ],
      { sessionId: "sess-04" },
    );
    const history = session.state.in_memory!.messages;
    expect(history.map((m) => m.role)).toEqual(recorded.map((m: any) => m.role));
    expect(JSON.stringify(history.map((m) => m.contents))).toBe(JSON.stringify(recorded.map((m: any) => m.contents)));
    // Differences by design: AutoGen names every user message's source; a FunctionExecutionResultMessage has none.
    expect(history.map((m) => m.author_name ?? null)).toEqual(["user", "weather_bot", null, "weather_bot"]);
    // Written as MAF writes it: the session's keys and each history message's keys in MAF's order, `type` last.
    const dumped = dumpMaf(session) as any;
    expect(Object.keys(dumped)).toEqual(Object.keys(sessions.get("tool_single")!.session));
    expect(Object.keys(dumped.state.in_memory.messages[1])).toEqual(Object.keys(recorded[1]));
    expect(session.session_id).toBe("sess-04");
    // The session is what loadMaf holds for its own text.
    expect(loadMaf(JSON.parse(dumpMafJson(session)), "AgentSession")).toEqual(session);
  });

  it("takes an AssistantAgentState; a missing or empty session id becomes a fresh lowercase uuid4", () => {
    const state = { type: "AssistantAgentState", version: "1.0.0", llm_context: { messages: [{ type: "UserMessage", content: "Hi", source: "user" }] } };
    for (const options of [undefined, {}, { sessionId: "" }]) {
      const s = toMafSession(state, options);
      expect(s.session_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(s.state.in_memory!.messages).toHaveLength(1);
    }
  });

  it("a system message of the context stays a system message", () => {
    const s = toMafSession([{ type: "SystemMessage", content: "Relevant memory: blue" }], { sessionId: "s" });
    expect(s.state.in_memory!.messages).toEqual([{ type: "message", role: "system", contents: [{ type: "text", text: "Relevant memory: blue", additional_properties: {} }], additional_properties: {} }]);
  });

  it("an error result keeps its text as result and exception", () => {
    const s = toMafSession([{ type: "FunctionExecutionResultMessage", content: [{ content: "Error: boom", name: "f", call_id: "c", is_error: true }] }], { sessionId: "s" });
    expect(s.state.in_memory!.messages[0]!.contents[0]).toEqual({
      type: "function_result",
      call_id: "c",
      exception: "Error: boom",
      result: "Error: boom",
      items: [{ type: "text", text: "Error: boom", additional_properties: {} }],
      additional_properties: {},
    });
  });

  it("bad input: the library's error with the path, nothing changed", () => {
    const context = deepFreeze([{ type: "UserMessage", content: "Hi", source: "user" }, { type: "AssistantMessage", content: [{ id: "c", name: 5, arguments: "{}" }], source: "a" }]);
    expect(thrown(() => toMafSession(context)).message).toBe("Invalid AssistantMessage: [1].content[0].name: expected string, got number 5");
    const state = deepFreeze({ type: "AssistantAgentState", llm_context: { messages: [{ type: "UserMessage", content: "Hi", source: 7 }] } });
    expect(thrown(() => toMafSession(state)).message).toMatch(/^Invalid AssistantAgentState: llm_context\.messages\[0\]\.source: expected string, got number 7/);
    expect(thrown(() => toMafSession({ type: "TeamState", agent_states: {} })).message).toMatch(/expected an AssistantAgentState or a list of LLM messages, got a TeamState \(toMafSessions/);
    expect(thrown(() => toMafSession([{ type: "TextMessage", source: "u", content: "x" }])).issues[0]!.path).toEqual([0, "type"]);
    expect(thrown(() => toMafSession("nope")).message).toMatch(/^Invalid state: /);
    expect(thrown(() => toMafSession([], { sessionId: 5 as never })).message).toBe("Invalid toMafSession options: sessionId: expected a string, got number 5");
  });
});

describe("toMafSessions", () => {
  const team = {
    type: "TeamState",
    version: "1.0.0",
    agent_states: {
      writer: { type: "ChatAgentContainerState", version: "1.0.0", agent_state: { type: "AssistantAgentState", version: "1.0.0", llm_context: { messages: [{ type: "UserMessage", content: "Write.", source: "user" }, { type: "AssistantMessage", content: "Done.", source: "writer", thought: null }] } }, message_buffer: [] },
      user_proxy: { type: "ChatAgentContainerState", version: "1.0.0", agent_state: { type: "BaseState", version: "1.0.0" }, message_buffer: [] },
      critic: { type: "ChatAgentContainerState", version: "1.0.0", agent_state: { type: "AssistantAgentState", version: "1.0.0", llm_context: { messages: [] } }, message_buffer: [] },
      RoundRobinGroupChatManager: { type: "RoundRobinManagerState", version: "1.0.0", message_thread: [], current_turn: 0, next_speaker_index: 0 },
    },
  };

  it("one session per AssistantAgent, in document order, with the caller's ids", () => {
    const out = toMafSessions(deepFreeze(structuredClone(team)), { sessionId: ({ agent }) => `team-1/${agent}` });
    expect(out.map((s) => [s.agent, s.path, s.session.session_id, s.session.state.in_memory!.messages.length])).toEqual([
      ["writer", ["agent_states", "writer", "agent_state"], "team-1/writer", 2],
      ["critic", ["agent_states", "critic", "agent_state"], "team-1/critic", 0],
    ]);
  });

  it("bad input: the path from the top of the state", () => {
    const bad = structuredClone(team) as any;
    bad.agent_states.writer.agent_state.llm_context.messages[1].source = 42;
    expect(thrown(() => toMafSessions(bad)).message).toBe("Invalid TeamState: agent_states.writer.agent_state.llm_context.messages[1].source: expected string, got number 42");
  });
});

describe("toMafMessages", () => {
  const run = [
    { type: "TextMessage", id: "t", source: "user", content: "Weather in Paris?" },
    { type: "ModelClientStreamingChunkEvent", id: "k", source: "bot", content: "Let", full_message_id: null },
    { type: "ThoughtEvent", id: "th", source: "bot", content: "Call the tool." },
    { type: "ToolCallRequestEvent", id: "r", source: "bot", content: [{ id: "c1", name: "weather", arguments: '{"city": "Paris"}' }], models_usage: { prompt_tokens: 10, completion_tokens: 5 } },
    { type: "ToolCallExecutionEvent", id: "e", source: "bot", content: [{ content: "sunny", name: "weather", call_id: "c1", is_error: false }] },
    { type: "ToolCallSummaryMessage", id: "s", source: "bot", content: "sunny", tool_calls: [], results: [] },
  ];

  it("maps a run: roles, author_name = source, message_id = id, thought merged first, usage, dropped events reported", () => {
    const losses: MafConversionLoss[] = [];
    const out = toMafMessages(deepFreeze(structuredClone(run)), { onLoss: (l) => losses.push(l) });
    const props = { additional_properties: {} };
    expect(out).toEqual([
      { type: "message", role: "user", contents: [{ type: "text", text: "Weather in Paris?", ...props }], author_name: "user", message_id: "t", ...props },
      {
        type: "message",
        role: "assistant",
        contents: [
          { type: "text_reasoning", text: "Call the tool.", ...props },
          { type: "function_call", call_id: "c1", name: "weather", arguments: '{"city": "Paris"}', ...props },
          { type: "usage", usage_details: { input_token_count: 10, output_token_count: 5, total_token_count: 15 }, ...props },
        ],
        author_name: "bot",
        message_id: "r",
        ...props,
      },
      { type: "message", role: "tool", contents: [{ type: "function_result", call_id: "c1", result: "sunny", items: [{ type: "text", text: "sunny", ...props }], ...props }], author_name: "bot", message_id: "e", ...props },
      { type: "message", role: "assistant", contents: [{ type: "text", text: "sunny", ...props }], author_name: "bot", message_id: "s", ...props },
    ]);
    expect(losses).toEqual([{ code: "dropped", message: "ModelClientStreamingChunkEvent has no MAF form; dropped", path: [1] }]);
  });

  it("a TaskResult after the stream adds nothing twice; a user proxy's messages are the user's", () => {
    const proxy = [
      { type: "UserInputRequestedEvent", id: "q", source: "human", request_id: "r1", content: "" },
      { type: "TextMessage", id: "h", source: "human", content: "Go on." },
    ];
    const out = toMafMessages([...run, ...proxy, { messages: [run[0], run[5], ...proxy], stop_reason: "done" }]);
    expect(out.map((m) => `${m.role} ${m.message_id}`)).toEqual(["user t", "assistant r", "tool e", "assistant s", "user h"]);
    expect(toMafMessages(proxy, { users: [] }).map((m) => m.role)).toEqual(["assistant"]);
  });

  it("a thought that belongs to no following message of its source is a message of its own", () => {
    const out = toMafMessages([
      { type: "ThoughtEvent", id: "a", source: "bot", content: "hmm" },
      { type: "TextMessage", id: "b", source: "other", content: "hi" },
    ]);
    expect(out.map((m) => [m.author_name, m.contents.map((c) => c.type)])).toEqual([["bot", ["text_reasoning"]], ["other", ["text"]]]);
  });

  it("a multimodal message: text and data contents in order; a handoff's context is reported lost", () => {
    const losses: string[] = [];
    const out = toMafMessages(
      [
        { type: "MultiModalMessage", id: "m", source: "user", content: ["Look:", { data: PNG }] },
        { type: "HandoffMessage", id: "h", source: "a", target: "b", content: "Over to b.", context: [{ type: "UserMessage", content: "x", source: "user" }] },
      ],
      { onLoss: (l) => losses.push(l.code) },
    );
    expect(out[0]!.contents.map((c) => [c.type, c.media_type ?? null])).toEqual([["text", null], ["data", "image/png"]]);
    expect(out[1]!.contents).toEqual([{ type: "text", text: "Over to b.", additional_properties: {} }]);
    expect(losses).toEqual(["handoff-context"]);
  });

  it("bad input: the path from the top of the list", () => {
    expect(thrown(() => toMafMessages([{ type: "TextMessage", source: "u", content: "x" }, { messages: [{ type: "TextMessage", source: 3, content: "x" }] }])).message).toBe(
      "Invalid TextMessage: [1].messages[0].source: expected string, got number 3",
    );
    expect(thrown(() => toMafMessages(42 as never)).message).toMatch(/^Invalid message: \(root\): expected a list/);
  });
});

describe("toMafAgentResponse", () => {
  it("a TaskResult: its messages, summed usage, stop_reason kept in additional_properties", () => {
    const r = toMafAgentResponse({
      messages: [
        { type: "TextMessage", id: "1", source: "user", content: "Hi" },
        { type: "TextMessage", id: "2", source: "a", content: "Hello", models_usage: { prompt_tokens: 3, completion_tokens: 2 } },
        { type: "TextMessage", id: "3", source: "b", content: "Hey", models_usage: { prompt_tokens: 7, completion_tokens: 1 } },
      ],
      stop_reason: "Maximum number of messages 3 reached",
    });
    expect(Object.keys(r)).toEqual(["type", "messages", "usage_details", "additional_properties"]);
    expect(r.usage_details).toEqual({ input_token_count: 10, output_token_count: 3, total_token_count: 13 });
    expect(r.additional_properties).toEqual({ stop_reason: "Maximum number of messages 3 reached" });
    expect(r.messages.map((m) => m.message_id)).toEqual(["1", "2", "3"]);
  });

  it("a Response: inner messages then the chat message; no usage, no stop reason", () => {
    const r = toMafAgentResponse({ chat_message: { type: "TextMessage", id: "c", source: "a", content: "ok" }, inner_messages: [{ type: "ThoughtEvent", id: "t", source: "a", content: "think" }] });
    expect(r).toEqual({
      type: "agent_response",
      messages: [{ type: "message", role: "assistant", contents: [{ type: "text_reasoning", text: "think", additional_properties: {} }, { type: "text", text: "ok", additional_properties: {} }], author_name: "a", message_id: "c", additional_properties: {} }],
      additional_properties: {},
    });
  });

  it("bad input: typed error with the path", () => {
    expect(thrown(() => toMafAgentResponse({ messages: [{ type: "TextMessage", source: "a" }], stop_reason: null })).message).toBe("Invalid TextMessage: messages[0].content: Field required");
    expect(thrown(() => toMafAgentResponse([])).message).toMatch(/expected a TaskResult/);
  });
});

describe("fromMafMessages", () => {
  const history = (scenario: string) => sessions.get(scenario)!.session.state.in_memory.messages;

  it("MAF's tool_single history: user text, the call, the result named after its call, the answer", () => {
    const out = fromMafMessages(deepFreeze(structuredClone(history("tool_single"))));
    expect(out.map((m) => m.type)).toEqual(["TextMessage", "ToolCallRequestEvent", "ToolCallExecutionEvent", "TextMessage"]);
    expect(out.map((m) => m.source)).toEqual(["user", "weather_bot", "weather_bot", "weather_bot"]);
    expect(out[1]!.content).toEqual([{ id: "call_1", name: "get_weather", arguments: '{"city": "Paris"}' }]);
    expect(out[2]!.content).toEqual([{ content: "Sunny, 22°C in Paris", name: "get_weather", call_id: "call_1", is_error: false }]);
    expect(out[3]!.content).toBe("It is sunny in Paris.");
  });

  it("a failing tool's result is an error; dict arguments become JSON text", () => {
    const out = fromMafMessages(history("tool_failing"));
    expect(out[1]!.content).toEqual([{ id: "call_1", name: "divide", arguments: '{"a": 1, "b": 0}' }]);
    expect(out[2]!.content).toEqual([{ content: "Error: Function failed.", name: "divide", call_id: "call_1", is_error: true }]);
  });

  it("images become a MultiModalMessage, a URL its text; reasoning a ThoughtEvent; other kinds their JSON", () => {
    const losses: string[] = [];
    const [user] = fromMafMessages(history("image_input"), { onLoss: (l) => losses.push(l.code) });
    expect(user!.type).toBe("MultiModalMessage");
    const parts = user!.content as Array<string | { data: string }>;
    expect(parts.map((p) => (typeof p === "string" ? p : "image"))).toEqual(["What's the weather in Paris?", "image", "image", "https://example.com/cat.png"]);
    expect(parts[1]).toEqual({ data: PNG });
    expect(losses).toEqual(["content-kind"]);
    const hosted = fromMafMessages(history("reasoning_and_hosted"));
    expect(hosted.map((m) => m.type)).toEqual(["TextMessage", "ThoughtEvent", "TextMessage", "TextMessage", "TextMessage", "TextMessage", "TextMessage", "TextMessage"]);
    expect(hosted[1]!.content).toBe("Mars has two moons: Phobos and Deimos.");
    expect(hosted.slice(2, 7).map((m) => (m as any).metadata.maf_content_type)).toEqual(["code_interpreter_tool_call", "code_interpreter_tool_result", "mcp_server_tool_call", "mcp_server_tool_result", "hosted_file"]);
    expect(JSON.parse(hosted[6]!.content as string)).toEqual({ type: "hosted_file", name: "report.pdf", file_id: "file-abc123", additional_properties: {} });
  });

  it("every recorded MAF session converts; the first item of each message keeps its message_id", () => {
    for (const [scenario, rec] of sessions) {
      const out = fromMafMessages(rec.session.state.in_memory.messages);
      expect(out.length, scenario).toBeGreaterThanOrEqual(rec.history_messages);
    }
    const [m] = fromMafMessages([{ type: "message", role: "assistant", message_id: "msg_1", contents: [{ type: "text", text: "a" }, { type: "text", text: "b" }] }]);
    expect([m!.id, m!.content]).toEqual(["msg_1", "a b"]);
  });

  it("usage becomes the models_usage of the message's last item", () => {
    const [a, b] = fromMafMessages([
      { type: "message", role: "assistant", contents: [{ type: "text_reasoning", text: "t" }, { type: "text", text: "x" }, { type: "usage", usage_details: { input_token_count: 4, output_token_count: 2 } }] },
    ]);
    expect([a!.models_usage, b!.models_usage]).toEqual([null, { prompt_tokens: 4, completion_tokens: 2 }]);
  });

  it("AutoGen → MAF → AutoGen keeps the conversation", () => {
    const run = [
      { type: "TextMessage", id: "t", source: "user", content: "Weather?" },
      { type: "ToolCallRequestEvent", id: "r", source: "bot", content: [{ id: "c1", name: "weather", arguments: "{}" }] },
      { type: "ToolCallExecutionEvent", id: "e", source: "bot", content: [{ content: "sunny", name: "weather", call_id: "c1", is_error: false }] },
      { type: "TextMessage", id: "a", source: "bot", content: "Sunny." },
    ];
    const back = fromMafMessages(toMafMessages(run));
    expect(back.map(({ type, id, source, content }) => ({ type, id, source, content }))).toEqual(run);
  });

  it("bad input: what MAF's Message.from_dict refuses, with the path; what it keeps is shown as text", () => {
    const bad = deepFreeze([{ type: "message", role: "user", contents: [] }, { type: "message", role: "tool", contents: [{ type: "function_result", callId: "c", result: "x" }] }]);
    expect(thrown(() => fromMafMessages(bad)).message).toMatch(/^Invalid Message: \[1\]\.contents\[0\]\.callId: Content has no field "callId"/);
    expect(thrown(() => fromMafMessages([{ role: 3, contents: [] }])).message).toBe("Invalid Message: [0].role: expected a role string, got int 3");
    expect(thrown(() => fromMafMessages([null])).issues[0]!.path).toEqual([0]);
    expect(thrown(() => fromMafMessages("x" as never)).message).toMatch(/expected a list of MAF messages/);
    // MAF keeps a non-string text and a result without call_id; AutoGen gets their JSON / "".
    const [t, r] = fromMafMessages([{ role: "user", contents: [{ type: "text", text: 5 }] }, { role: "tool", contents: [{ type: "function_result", result: "x" }] }]);
    expect([t!.content, r!.content]).toEqual(["5", [{ content: "x", name: "", call_id: "", is_error: false }]]);
  });

  it("a MAF session in the HTML and Console views", () => {
    const messages = fromMafMessages(history("tool_single"));
    const html = renderHtml(messages, { title: "MAF session" });
    for (const text of ["What's the weather in Paris?", "get_weather", "Sunny, 22°C in Paris", "It is sunny in Paris."]) expect(html).toContain(text);
    const console = new ConsoleRenderer();
    const text = messages.map((m) => console.write(m)).join("");
    expect(text).toContain("---------- TextMessage (weather_bot) ----------\nIt is sunny in Paris.");
  });
});
