/**
 * An AG-UI endpoint in front of an AutoGen back end: any AG-UI client (`HttpAgent` of
 * `@ag-ui/client`, CopilotKit) POSTs a `RunAgentInput` to /agent and receives the AutoGen run as
 * AG-UI events over Server-Sent Events.
 *
 *   npx tsx examples/ag-ui/server.ts [--port 8001] [--delay 20] [--run examples/data/run-streaming-tools.jsonl]
 *   npx tsx examples/ag-ui/server.ts --backend http://127.0.0.1:8000/run.jsonl   # a live JSON Lines back end
 *   npx tsx examples/ag-ui/server.ts --fastapi ws://127.0.0.1:8002/ws/chat        # AutoGen's FastAPI team sample, as an agent
 *
 * Without `--backend`, the AutoGen back end is a replay of one recorded real run (AutoGen 0.7.5):
 * its items are read back through `readMessages`, as from a Python server, and its task message
 * is the one the client sent (AutoGen echoes the task it was given). The first line printed is
 * `listening on http://127.0.0.1:<port>`.
 *
 * In an app, import from "agentchat-messages/ag-ui" and "agentchat-messages/stream".
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { WebSocket } from "ws";
import { AutoGenAgent, createAgUiHandler, fastApiWebSocket, toNodeListener, type AutoGenRunItem, type WebSocketClass } from "../../src/ag-ui/index.js";
import { dump } from "../../src/dump.js";
import { readMessages } from "../../src/stream/index.js";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : fallback;
};
const port = Number(option("port", "0"));
const delayMs = Number(option("delay", "20"));
const backend = option("backend", "");
const recorded = readFileSync(option("run", new URL("../data/run-streaming-tools.jsonl", import.meta.url).pathname), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line) as Record<string, unknown>);

/**
 * The recorded run as a Python back end streams it: JSON Lines, one item at a time. The recorded
 * task message is replaced by the task received, there and in the TaskResult.
 */
async function* replay(task: Record<string, unknown>[], signal: AbortSignal): AsyncGenerator<string> {
  const taskId = recorded[0]!.id;
  const items = [...task, ...recorded.slice(1)].map((item) =>
    Array.isArray(item.messages) ? { ...item, messages: item.messages.flatMap((m: { id?: unknown }) => (m.id === taskId ? task : [m])) } : item,
  );
  for (const item of items) {
    if (signal.aborted) return;
    yield JSON.stringify(item) + "\n";
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
}

const replayHandler = createAgUiHandler(async function* ({ task, signal }): AsyncGenerator<AutoGenRunItem> {
  if (backend) {
    const res = await fetch(backend, { signal });
    if (!res.ok || !res.body) throw new Error(`the AutoGen back end answered HTTP ${res.status}`);
    yield* readMessages(res.body);
  } else {
    yield* readMessages(replay(task.map((m) => dump(m) as Record<string, unknown>), signal));
  }
});

/**
 * `--fastapi ws://…/ws/chat`: an `AutoGenAgent` of AutoGen's FastAPI team sample served instead.
 * Each user turn ends in an interrupt (the user proxy asks); the client's next request resumes it
 * on the same back-end connection, which the agent keeps for the thread.
 */
const fastapi = option("fastapi", "");
const agent = fastapi ? new AutoGenAgent({ transport: fastApiWebSocket(fastapi, { WebSocket: WebSocket as unknown as WebSocketClass }) }) : null;
const handler = agent ? createAgUiHandler(agent) : replayHandler;

// The web-standard handler on Node's http server: backpressure and client disconnects handled.
const listener = toNodeListener(handler);
const server = createServer((req, res) => {
  if (req.url !== "/agent") {
    res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
    return;
  }
  listener(req, res);
});

server.listen(port, "127.0.0.1", () => {
  const address = server.address();
  console.log(`listening on http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    agent?.closePausedRuns();
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
