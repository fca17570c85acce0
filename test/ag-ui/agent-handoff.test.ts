/**
 * A Swarm's handoff to the user through AutoGenAgent (issue 31.2/31.3): the back end's run has
 * ended (HandoffTermination, a TaskResult), so the interrupt's answer is not sent on a paused
 * connection; it is the next run's task, ending with the HandoffMessage AutoGen's Swarm expects
 * (source = the handoff's target, target = the agent that handed off, content = the payload).
 * Expected values come from the recorded Swarm run (its last HandoffMessage) and AutoGen's rule.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { BaseEvent, Message, RunAgentInput } from "@ag-ui/client";
import { lastValueFrom, toArray } from "rxjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AutoGenAgent, jsonLinesTransport } from "../../src/ag-ui/index.js";
import { toJsonLines } from "../../examples/live-run/encode.js";
import { agUiRuns } from "../helpers/ag-ui.js";

const run1 = agUiRuns.find((r) => r.name === "swarm/handoff-termination-resume/run-1")!;
const handoffs = (run1.items.at(-1) as { messages: { id: string; type: string; source: string; target: string; content: string }[] }).messages;
const last = handoffs.at(-1)!;
const bodies: { task: { type: string; source: string; target?: string; content: unknown }[] }[] = [];
let server: Server;
let url = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    let s = "";
    req.on("data", (d: Buffer) => (s += d.toString()));
    req.on("end", () => {
      bodies.push(JSON.parse(s));
      // The first run is the recorded one; the continuation only has to end.
      const items = bodies.length === 1 ? run1.items : [{ messages: [], stop_reason: "done" }];
      res.writeHead(200, { "content-type": "application/x-ndjson" }).end(toJsonLines(items as never));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/run`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const input = (extra: Partial<RunAgentInput>): RunAgentInput => ({
  threadId: "t-swarm",
  runId: "r1",
  messages: [{ id: "u1", role: "user", content: "Plan the budget." } as Message],
  tools: [],
  context: [],
  state: {},
  forwardedProps: {},
  ...extra,
});

describe("AutoGenAgent and a handoff to the user", { timeout: 30_000 }, () => {
  it("the run ends in the handoff's interrupt; resuming it starts a new back-end run whose task ends with the HandoffMessage", async () => {
    const agent = new AutoGenAgent({ transport: jsonLinesTransport(url) });
    const first = (await lastValueFrom(agent.run(input({})).pipe(toArray()))) as BaseEvent[];
    const end = first.at(-1) as { type: string; outcome?: { type: string; interrupts: { id: string }[] } };
    expect(end.type).toBe("RUN_FINISHED");
    expect(end.outcome?.type).toBe("interrupt");
    const id = end.outcome!.interrupts[0]!.id;
    expect(id).toBe(`autogen:handoff:${last.source}:${last.target}:${last.id}`);

    const second = (await lastValueFrom(agent.run(input({ runId: "r2", resume: [{ interruptId: id, status: "resolved", payload: "Keep it under 5k." }] } as never)).pipe(toArray()))) as BaseEvent[];
    expect(second.at(-1)).toMatchObject({ type: "RUN_FINISHED" });
    expect(second.some((e) => e.type === "RUN_ERROR")).toBe(false);
    expect(bodies).toHaveLength(2);
    const sent = bodies[1]!.task.at(-1)!;
    expect(sent).toMatchObject({ type: "HandoffMessage", source: last.target, target: last.source, content: "Keep it under 5k." });
    agent.closePausedRuns();
  });
});
