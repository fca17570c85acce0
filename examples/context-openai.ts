/**
 * A stored AutoGen run → the model context one of its AssistantAgents holds → the OpenAI request
 * AutoGen would send for that agent's next turn → the real `openai` client.
 *
 *   OPENAI_API_KEY=… npx tsx examples/context-openai.ts [run.jsonl] [agent] [new task]
 *
 * (OPENAI_BASE_URL and OPENAI_MODEL are honoured; without a key it prints the request instead.)
 * The default run is examples/data/team-run.jsonl, recorded from a real AutoGen 0.7.5
 * RoundRobinGroupChat: the agent `vector_tool_team` called a weather tool, then answered.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import OpenAI from "openai";
import { toModelContext } from "../src/context/index.js";
import { toOpenAIRequest } from "../src/providers/openai/index.js";

/** AssistantAgent's default `system_message` (the agent in the stored run kept it). */
const SYSTEM = "You are a helpful AI assistant. Solve tasks using your tools. Reply with TERMINATE when the task has been completed.";
/** The agent's tool, as AutoGen describes it to the model. */
const TOOLS = [
  {
    name: "get_weather_memory",
    description: "Look up the current weather for a city. (search answer)",
    parameters: { type: "object", properties: { city: { type: "string" }, unit: { type: "string", default: "celsius" } }, required: ["city"] },
  },
];

/**
 * The body of the agent's next model call, after `task` is sent to the team: its context (its
 * own turns as assistant messages, tool calls and results kept) plus what it has been sent since
 * its last turn (the other agent's reply, then the task).
 */
export function nextRequest(run: unknown[], agent: string, task: string, model: string) {
  const items = [...run, { type: "TextMessage", source: "user", content: task }];
  const messages = toModelContext(items, { agent, systemMessage: SYSTEM, nextTurn: true });
  return toOpenAIRequest(messages, { model, tools: TOOLS });
}

/** Sends that request with the official client and returns the model's message. */
export async function nextReply(client: OpenAI, run: unknown[], agent: string, task: string, model: string) {
  const completion = await client.chat.completions.create(nextRequest(run, agent, task, model));
  return completion.choices[0]!.message;
}

/** A JSON Lines file of streamed items (messages, events, TaskResults). */
export function readRun(path: string | URL): unknown[] {
  return readFileSync(path, "utf8").split("\n").filter((line) => line.trim() !== "").map((line) => JSON.parse(line) as unknown);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const run = readRun(process.argv[2] ?? new URL("./data/team-run.jsonl", import.meta.url));
  const agent = process.argv[3] ?? "vector_tool_team";
  const task = process.argv[4] ?? "And in Oslo?";
  const model = process.env.OPENAI_MODEL ?? "gpt-4o";
  if (!process.env.OPENAI_API_KEY) {
    console.log(JSON.stringify(nextRequest(run, agent, task, model), null, 2));
    console.error("(set OPENAI_API_KEY to send it)");
  } else {
    console.log(await nextReply(new OpenAI(), run, agent, task, model));
  }
}
