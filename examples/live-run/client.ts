/**
 * Reads a live AutoGen run with agentchat-messages and prints it as AutoGen's Console does.
 *
 *   npx tsx examples/live-run/client.ts http://127.0.0.1:8000 [--via sse|jsonl|ws|studio] [--stats]
 *
 * `--via sse` (default) and `jsonl` read `fetch()` bodies; `ws` and `studio` open a WebSocket
 * (the platform's `WebSocket` where there is one, Node 22+ and browsers; else the `ws` package).
 * Frames the library cannot use are reported on stderr and skipped; control frames (Studio's
 * `system`, `input_request`, errors) are reported on stderr too.
 *
 * In an app, import from "agentchat-messages/stream" and "agentchat-messages/console".
 */
import { WebSocket as NodeWebSocket } from "ws";
import { ConsoleRenderer } from "../../src/console/index.js";
import { readFrames, readMessages, readSSE, type WebSocketLike } from "../../src/stream/index.js";

const args = process.argv.slice(2);
const base = args.find((a) => !a.startsWith("--")) ?? "http://127.0.0.1:8000";
const via = args.includes("--via") ? args[args.indexOf("--via") + 1] : "sse";
const renderer = new ConsoleRenderer({ outputStats: args.includes("--stats") });

async function body(path: string): Promise<ReadableStream<Uint8Array>> {
  const res = await fetch(new URL(path, base));
  if (!res.ok || !res.body) throw new Error(`GET ${path}: HTTP ${res.status}`);
  return res.body;
}

function socket(path: string): WebSocketLike {
  const url = new URL(path, base.replace(/^http/, "ws")).href;
  const Platform = (globalThis as { WebSocket?: new (url: string) => WebSocketLike }).WebSocket;
  return Platform ? new Platform(url) : new NodeWebSocket(url);
}

const items =
  via === "jsonl"
    ? readMessages(await body("/run.jsonl"))
    : via === "ws"
      ? readFrames(socket("/run/ws"))
      : via === "studio"
        ? readFrames(socket("/run/studio"))
        : readSSE(await body("/run/sse"));

for await (const item of items) {
  if (!item.ok) {
    console.error(`skipped: ${item.error.message}`);
    continue;
  }
  if (item.kind === "control") {
    console.error(`server: ${JSON.stringify(item.control)}`);
    continue;
  }
  process.stdout.write(renderer.write(item));
}
