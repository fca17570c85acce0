// A CommonJS app using the built package (run by test/package/registry.test.ts in a child `node`).
// It resolves "agentchat-messages" through package.json's own `exports` (a package may require
// itself by name from inside its folder), registers custom kinds on the main entry's
// defaultRegistry, then hands them to every library subpath of `exports`. Prints one JSON report.
"use strict";
const z = require("zod/mini");
const pkg = require("agentchat-messages/package.json");
const main = require("agentchat-messages");

main.defaultRegistry.register({
  type: "ProgressEvent",
  group: "event",
  schema: z.object({ ...main.baseMessageFields, percent: z.number(), type: main.messageType("ProgressEvent") }),
  toText: (e) => `${e.percent}%`,
});
main.defaultRegistry.register({
  type: "NoteMessage",
  group: "chat",
  schema: z.object({ ...main.baseMessageFields, content: z.string(), type: main.messageType("NoteMessage") }),
  toText: (m) => `note: ${m.content}`,
  toModelText: (m) => m.content,
  toModelMessage: (m) => ({ type: "UserMessage", source: m.source, content: m.content }),
});

const progress = { type: "ProgressEvent", source: "worker", percent: 40 };
const note = { type: "NoteMessage", source: "planner", content: "step 2 done" };
const jsonl = `${JSON.stringify(note)}\n${JSON.stringify(progress)}\n`;
const typesOf = (messages) => messages.map((m) => m.type);

/** For each library subpath: what it does with the custom kinds, returned for the test to compare. */
const EXERCISES = {
  ".": () => ({ loaded: typesOf([main.load(note), main.load(progress)]), text: main.toText(main.load(progress)) }),
  "./contracts": (api) => {
    const result = api.TaskResult.parse({ messages: [note, progress], stop_reason: null });
    return { loaded: typesOf(result.messages), dumped: api.dumpTaskResult(result).messages.map((m) => m.percent ?? m.content) };
  },
  "./stream": async (api) => {
    const loaded = [];
    for await (const item of api.readMessages([jsonl])) loaded.push(item.ok ? item.message.type : item.error.message);
    const sse = [];
    for await (const item of api.readSSE([`data: ${JSON.stringify(note)}\n\ndata: ${JSON.stringify(progress)}\n\n`])) sse.push(item.ok ? item.message.type : item.error.message);
    return { loaded, sse };
  },
  "./console": (api) => ({ text: api.renderConsole([main.load(note), main.load(progress)]) }),
  "./agentscope": (api) => ({ text: api.toAgentScope(note).content }),
  // The custom chat kind is delivered to the agent at its turn, as its toModelMessage says.
  "./context": (api) => {
    const reply = { type: "TextMessage", source: "assistant", content: "ok" };
    return { context: api.toModelContext([note, progress, reply], { agent: "assistant" }).map((m) => [m.type, m.source, m.content]) };
  },
  "./html": (api) => {
    const page = api.renderHtml([main.load(note), main.load(progress)]);
    // Each card holds the kind's name and its toText.
    return { note: page.includes("NoteMessage") && page.includes("note: step 2 done"), progress: page.includes("ProgressEvent") && page.includes("40%") };
  },
  // MAF values do not go through the AutoGen registry: the subpath loads, and reads a message's text.
  "./maf": (api) => ({ text: api.mafText(api.loadMaf({ role: "user", contents: [note.content] })) }),
  // OTel messages do not go through the AutoGen registry: the subpath loads, and converts an LLM message.
  "./otel": (api) => ({ parts: api.toOtelMessages([{ type: "SystemMessage", content: note.content }])[0].parts.map((p) => p.content) }),
  "./structured": (api) => {
    const Ticket = api.contentSchemaFromJsonSchema({ type: "object", properties: { id: { type: "integer" } }, required: ["id"] });
    main.defaultRegistry.registerStructuredMessage("Ticket", Ticket);
    return { loaded: typesOf([main.load({ type: "StructuredMessage[Ticket]", source: "a", content: { id: "7" } })]) };
  },
  // Custom kinds have no AG-UI counterpart: CUSTOM events carrying their dumps, in order.
  "./ag-ui": (api) => {
    const events = api.toAgUiEvents([note, progress, { messages: [], stop_reason: null }], { threadId: "t", runId: "r" });
    const custom = events.filter((e) => e.type === "CUSTOM");
    return { custom: custom.map((e) => e.name), values: custom.map((e) => e.value.content ?? e.value.percent) };
  },
  "./json-schema": (api) => ({ names: api.jsonSchemaNames().includes("TextMessage") }),
  "./state": (api) => {
    const state = api.loadState({ type: "ChatAgentContainerState", version: "1.0.0", agent_state: {}, message_buffer: [note] });
    return { loaded: typesOf(state.message_buffer), dumped: api.dumpState(state).message_buffer.map((m) => m.content) };
  },
  // Component configs hold no AgentChat messages: the subpath loads and validates on its own.
  "./components": (api) => ({
    provider: api.loadComponent({ provider: "autogen_agentchat.conditions.TextMentionTermination", component_type: "termination", config: { text: "TERMINATE" } }).provider,
  }),
  // The provider converters take model-client messages: a custom chat kind reaches them through
  // the main entry's toModelMessage, which dispatches through the same registry.
  "./openai": (api) => ({ text: api.toOpenAIMessages([main.toModelMessage(main.load(note))], { model: "gpt-4o" })[0].content }),
  "./anthropic": (api) => ({ text: api.toAnthropicMessages([main.toModelMessage(main.load(note))], { model: "claude-3-5-sonnet-20241022" }).messages[0].content }),
  "./gemini": (api) => ({ text: api.toGeminiContents([main.toModelMessage(main.load(note))]).contents[0].parts[0].text }),
  "./ai-sdk": (api) => ({ text: api.toModelMessages([main.toModelMessage(main.load(note))])[0].content }),
};

async function run() {
  const report = {};
  for (const [subpath, entry] of Object.entries(pkg.exports)) {
    if (subpath === "./package.json" || subpath.includes("*") || !entry || typeof entry !== "object" || !("require" in entry)) continue;
    const exercise = EXERCISES[subpath];
    try {
      const api = require(pkg.name + subpath.slice(1));
      report[subpath] = exercise ? { ok: true, result: await exercise(api) } : { ok: false, error: "no exercise for this subpath in test/package/registry.cjs" };
    } catch (e) {
      report[subpath] = { ok: false, error: `${e && e.name}: ${e && e.message}` };
    }
  }
  process.stdout.write(JSON.stringify(report));
}

run();
