// A process using the built `agentchat-messages/ag-ui` as an app does (test/ag-ui/agent-exit.test.ts):
// a run paused and resumed to its end, an idle timeout, a connect timeout, an abort while
// connecting, a pause closed by closePausedRuns(). It prints one JSON line of what it saw, then
// returns: no timer, socket or listener may keep it alive.
// Usage: node ag-ui-exit-child.mjs <dist/ag-ui/index.js> <ws module> <ws://…/fastapi> <ws://…/stall> <ws://silent>
import { pathToFileURL } from "node:url";

const [lib, wsPath, fastapi, stall, silent] = process.argv.slice(2);
const { AutoGenAgent, fastApiWebSocket } = await import(pathToFileURL(lib).href);
const { WebSocket } = await import(pathToFileURL(wsPath).href);
const { lastValueFrom, toArray } = await import("rxjs");

const input = (threadId, runId, resume) => ({ threadId, runId, messages: [{ id: "task", role: "user", content: "go" }], tools: [], context: [], state: {}, forwardedProps: {}, ...(resume && { resume }) });
const last = async (agent, i) => (await lastValueFrom(agent.run(i).pipe(toArray()))).at(-1);
const seen = [];

// Paused, resumed, paused, resumed: the last run succeeds and the socket is closed.
const agent = new AutoGenAgent({ transport: fastApiWebSocket(fastapi, { WebSocket }) });
let end = await last(agent, input("t", "r0"));
while (end.outcome?.type === "interrupt") {
  seen.push("interrupt");
  end = await last(agent, input("t", `r${seen.length}`, [{ interruptId: end.outcome.interrupts[0].id, status: "resolved", payload: "ok" }]));
}
seen.push(end.type + (end.outcome ? `:${end.outcome.type}` : ""));
seen.push((await last(new AutoGenAgent({ transport: fastApiWebSocket(stall, { WebSocket }), idleTimeoutMs: 100 }), input("i", "r"))).code);
seen.push((await last(new AutoGenAgent({ transport: fastApiWebSocket(silent, { WebSocket }), connectTimeoutMs: 100 }), input("c", "r"))).code);
// Unsubscribed while still connecting: no uncaught 'error' of ws.
const connecting = new AutoGenAgent({ transport: fastApiWebSocket(silent, { WebSocket }) });
const sub = connecting.run(input("u", "r")).subscribe();
await new Promise((r) => setTimeout(r, 30));
sub.unsubscribe();
// A pause left open, then closed as a server does at shutdown.
const held = new AutoGenAgent({ transport: fastApiWebSocket(fastapi, { WebSocket }) });
seen.push((await last(held, input("h", "r0"))).outcome?.type);
held.closePausedRuns();
console.log(JSON.stringify(seen));
