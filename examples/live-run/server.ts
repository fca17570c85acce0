/**
 * A stand-in for a Python AutoGen backend: replays one recorded real run (AutoGen 0.7.5,
 * `run_stream` items as JSON Lines) the ways Python servers stream runs, on 127.0.0.1:
 *
 *   GET /run.jsonl      JSON Lines (application/x-ndjson)
 *   GET /run/sse        Server-Sent Events (text/event-stream), `event: <type>` + `data: <json>`
 *   WS  /run/ws         WebSocket, one frame per item, as AutoGen's FastAPI sample sends them
 *   WS  /run/studio     WebSocket, AutoGen Studio's envelopes ({type: "message", data}, …)
 *
 *   npx tsx examples/live-run/server.ts [--port 8000] [--delay 50] [--run examples/data/run-streaming-tools.jsonl]
 *
 * The first line printed is `listening on http://127.0.0.1:<port>`. Node 20 has no WebSocket
 * server built in; this uses the `ws` package (a dev dependency of the repository).
 */
import { readFileSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import { WebSocketServer, type WebSocket } from "ws";
import { toJsonLines, toPlainFrames, toServerSentEvents, toStudioFrames, type WireItem } from "./encode.js";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : fallback;
};
const runFile = option("run", new URL("../data/run-streaming-tools.jsonl", import.meta.url).pathname);
const port = Number(option("port", "0"));
const delayMs = Number(option("delay", "20"));

const items = readFileSync(runFile, "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line) as WireItem);

const pause = () => new Promise((resolve) => setTimeout(resolve, delayMs));

/** Writes `pieces` one at a time, as a run produces them. */
async function stream(res: ServerResponse, contentType: string, pieces: string[]): Promise<void> {
  res.writeHead(200, { "content-type": contentType, "cache-control": "no-cache" });
  for (const piece of pieces) {
    res.write(piece);
    await pause();
  }
  res.end();
}

const server = createServer((req, res) => {
  if (req.method === "GET" && req.url === "/run.jsonl") {
    void stream(res, "application/x-ndjson", toJsonLines(items).split(/(?<=\n)/));
  } else if (req.method === "GET" && req.url === "/run/sse") {
    void stream(res, "text/event-stream", toServerSentEvents(items).split(/(?<=\n\n)/));
  } else {
    res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
  }
});

const sockets = new WebSocketServer({ noServer: true });
server.on("upgrade", (req, socket, head) => {
  const frames = req.url === "/run/ws" ? toPlainFrames(items) : req.url === "/run/studio" ? toStudioFrames(items) : null;
  if (!frames) {
    socket.end("HTTP/1.1 404 Not Found\r\n\r\n");
    return;
  }
  sockets.handleUpgrade(req, socket, head, (ws: WebSocket) => {
    void (async () => {
      for (const frame of frames) {
        ws.send(frame);
        await pause();
      }
      ws.close(1000, "run complete");
    })();
  });
});

server.listen(port, "127.0.0.1", () => {
  const address = server.address();
  const bound = typeof address === "object" && address ? address.port : port;
  console.log(`listening on http://127.0.0.1:${bound}`);
  console.log(`replaying ${items.length} items of ${runFile}`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    sockets.close();
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
