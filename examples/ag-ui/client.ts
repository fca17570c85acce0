/**
 * An AG-UI client (`HttpAgent` of `@ag-ui/client`, as CopilotKit uses) talking to the AutoGen
 * bridge of examples/ag-ui/server.ts: prints every event it receives as one JSON line, then the
 * conversation it built (to stderr).
 *
 *   npx tsx examples/ag-ui/client.ts http://127.0.0.1:8001/agent [--thread t1] [--run r1] [--task "Add 422 and 67"]
 */
import { HttpAgent } from "@ag-ui/client";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : fallback;
};
const url = args.find((a) => !a.startsWith("--") && /^https?:/.test(a)) ?? "http://127.0.0.1:8001/agent";

const agent = new HttpAgent({ url, threadId: option("thread", "thread-1") });
agent.addMessage({ id: option("task-id", "task-1"), role: "user", content: option("task", "Query query team model!") });
const { newMessages } = await agent.runAgent(
  { runId: option("run", "run-1") },
  { onEvent: ({ event }) => void process.stdout.write(JSON.stringify(event) + "\n") },
);
for (const m of newMessages) process.stderr.write(`${m.role}: ${typeof m.content === "string" && m.content !== "" ? m.content : JSON.stringify(m)}\n`);
