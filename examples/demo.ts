/**
 * `npm run demo`: the package as a user meets it, on a recorded AutoGen 0.7.5 team run.
 *
 * It imports `agentchat-messages` by its name, as an app does: Node resolves the name through
 * the package's own `exports` map to the built files in dist/ (`npm run demo` builds first,
 * quietly). The run is examples/data/weather-run.jsonl: every item a Python `RoundRobinGroupChat`
 * of two AssistantAgents yielded, a weather agent with a tool and a reviewer (see
 * examples/data/README.md). Shown: the Console view (compared with what Python's Console
 * printed), loading and validating the run, a rejected payload with the path of the problem, an
 * agent's model context converted for the OpenAI client, and reading the run as a chunked stream.
 */
import { readFileSync } from "node:fs";
import { dump, load, parseWith, safeLoad, type AgentMessage } from "agentchat-messages";
import { renderConsole } from "agentchat-messages/console";
import { TaskResult, dumpTaskResult } from "agentchat-messages/contracts";
import { toModelContext } from "agentchat-messages/context";
import { toOpenAIMessages } from "agentchat-messages/openai";
import { readMessages } from "agentchat-messages/stream";

const data = (name: string) => readFileSync(new URL(`./data/${name}`, import.meta.url), "utf8");
const heading = (text: string) => console.log(`\n== ${text}`);
const indent = (text: string, by = "   ") => text.replace(/\n$/, "").replace(/^/gm, by);
const yes = (ok: boolean) => (ok ? "yes" : "NO");

const resolved = import.meta.resolve("agentchat-messages");
const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
console.log(`agentchat-messages ${pkg.version}, imported by name: ${resolved.slice(resolved.lastIndexOf("/dist/") + 1)}`);

const RUN = "weather-run.jsonl";
const lines = data(RUN).trimEnd().split("\n");
const items = lines.map((line) => {
  const json = JSON.parse(line) as Record<string, unknown>;
  return "type" in json ? load(json) : parseWith(TaskResult, json, "TaskResult");
});

// 1. The Console view: what AutoGen's Console prints for the same items.
heading("1. The run, as AutoGen's Console shows it (a RoundRobinGroupChat: weather_agent with a tool, then reviewer)");
const view = renderConsole(items);
console.log(indent(view));
console.log(`Identical to what Python's Console printed for this run: ${yes(view === data("weather-run.console.txt"))}`);

// 2. Loaded and validated: messages and events through `load`, the final TaskResult through its schema.
heading("2. Loaded and validated");
const kindOf = (item: (typeof items)[number]) => ("type" in item ? item.type : "TaskResult");
const counts = new Map<string, number>();
for (const item of items) counts.set(kindOf(item), (counts.get(kindOf(item)) ?? 0) + 1);
console.log(`examples/data/${RUN}: ${items.length} items from a Python team run (AutoGen 0.7.5), all valid`);
for (const [kind, n] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`   ${kind.padEnd(26)}${n}`);
// dump() writes each back exactly as Python did: same keys, same order, same values.
const same = items.every((item, i) => JSON.stringify("type" in item ? dump(item) : dumpTaskResult(item)) === lines[i]);
console.log(`Written back by dump(), byte for byte as Python wrote them: ${yes(same)}`);

// 3. A payload with a mistake: the error names the kind and the path of the problem.
heading("3. A broken payload is rejected with the path of the problem");
const request = JSON.parse(lines.find((l) => l.includes('"ToolCallRequestEvent"'))!) as { content: Array<{ name: unknown }> };
request.content[0]!.name = 42;
const bad = safeLoad(request);
if (!bad.success) {
  console.log(`   ${bad.error.message}`);
  console.log(`   issues: ${JSON.stringify(bad.error.issues)}`);
}

// 4. For a model client: the model context the AssistantAgent holds after the run, as OpenAI messages.
heading("4. For a model client: weather_agent's model context, as OpenAI Chat Completions messages");
const context = toModelContext(items, { agent: "weather_agent" });
const saved = JSON.parse(data("weather-run.weather_agent.json")) as { llm_context: { messages: unknown[] } };
console.log(`toModelContext: ${context.length} messages, the llm_context AutoGen saved for the agent: ${yes(JSON.stringify(dump(context)) === JSON.stringify(saved.llm_context.messages))}`);
for (const message of toOpenAIMessages(context, { model: "gpt-4o" })) console.log(indent(JSON.stringify(message)));

// 5. Streaming: the run as a JSON Lines body arriving in 64-byte chunks (a fetch body, a socket).
heading("5. Streaming: readMessages over a body that arrives in 64-byte chunks");
const bytes = new TextEncoder().encode(lines.join("\n") + "\n");
const body = new ReadableStream<Uint8Array>({
  start(controller) {
    for (let i = 0; i < bytes.length; i += 64) controller.enqueue(bytes.subarray(i, i + 64));
    controller.close();
  },
});
let loaded = 0;
for await (const item of readMessages(body)) {
  loaded++;
  const where = `line ${String(item.line).padStart(2)}`;
  if (!item.ok) console.log(`   ${where}: ${item.error.message}`);
  else if (item.kind === "message") {
    const m: AgentMessage = item.message;
    console.log(`   ${where}  ${m.type} (${m.source})`);
  } else if (item.kind === "TaskResult") console.log(`   ${where}  TaskResult: ${item.taskResult.messages.length} messages, stop reason ${JSON.stringify(item.taskResult.stop_reason)}`);
}
console.log(`${loaded} items from ${Math.ceil(bytes.length / 64)} chunks, each loaded as soon as its line was complete.`);
