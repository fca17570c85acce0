/**
 * A back end speaking AutoGen's FastAPI sample protocol (python/samples/agentchat_fastapi/app_team.py)
 * on 127.0.0.1: the first frame it receives is the task TextMessage; it sends each recorded item
 * as one frame; after a UserInputRequestedEvent it waits for the next TextMessage on the same
 * socket. It records the connections, the frames received and each close code.
 */
import type { AddressInfo } from "node:net";
import { WebSocketServer } from "ws";
import { toPlainFrames, type WireItem } from "../../examples/live-run/encode.js";

/** What the back end saw on one connection. */
export interface SampleConnection {
  readonly frames: unknown[];
  readonly closed: Promise<number>;
}

/** A running sample back end. */
export interface SampleBackend {
  readonly url: string;
  readonly connections: SampleConnection[];
  close(): Promise<void>;
}

export async function sampleBackend(items: readonly WireItem[]): Promise<SampleBackend> {
  const connections: SampleConnection[] = [];
  const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  wss.on("connection", (ws) => {
    let closedWith!: (code: number) => void;
    const conn: SampleConnection = { frames: [], closed: new Promise((r) => (closedWith = r)) };
    connections.push(conn);
    ws.on("close", (code) => closedWith(code));
    const waiters: (() => void)[] = [];
    ws.on("message", (data) => {
      conn.frames.push(JSON.parse(String(data)) as unknown);
      waiters.shift()?.();
    });
    const next = () => new Promise<void>((r) => waiters.push(r));
    const frames = toPlainFrames(items);
    void (async () => {
      await next();
      for (const [i, f] of frames.entries()) {
        if (ws.readyState !== 1) return;
        ws.send(f);
        if ((items[i] as { type?: string }).type === "UserInputRequestedEvent") await next();
      }
    })();
  });
  await new Promise<void>((resolve) => wss.on("listening", () => resolve()));
  return {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/ws/chat`,
    connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of wss.clients) c.terminate();
        wss.close(() => resolve());
      }),
  };
}
