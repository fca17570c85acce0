/**
 * `agentchat-messages trace` through the built bin: OTLP/HTTP JSON on stdout for every recorded
 * run, the span tree and times the items say, content only with --capture-content, and a POST
 * to a local OTLP/HTTP endpoint (a real socket), bounded by --timeout.
 */
import { spawn, spawnSync } from "node:child_process";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtBin } from "../helpers/dist.js";
import { recordedRuns } from "../otel/helpers.js";

let bin: string;
const dir = mkdtempSync(join(tmpdir(), "agentchat-trace-"));
beforeAll(() => {
  bin = builtBin();
}, 300_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const runs = recordedRuns();
const file = (name: string, items: unknown[]) => {
  const p = join(dir, name.replace(/\W+/g, "_") + ".jsonl");
  writeFileSync(p, items.map((x) => JSON.stringify(x)).join("\n") + "\n");
  return p;
};
const cli = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: "utf8", maxBuffer: 1 << 26 });
/** Like cli, but async: the test process keeps serving the local endpoint meanwhile. */
function cliAsync(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [bin, ...args]);
    let stdout = "", stderr = "";
    p.stdout.on("data", (d) => (stdout += d));
    p.stderr.on("data", (d) => (stderr += d));
    p.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}
const value = (v: any) => v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : v.boolValue ?? v.doubleValue);
const attrs = (kvs: any[]) => Object.fromEntries(kvs.map((kv) => [kv.key, value(kv.value)]));
const spansOf = (body: string) => JSON.parse(body).resourceSpans[0].scopeSpans[0].spans as any[];
const nanosOf = (iso: string) => String(BigInt(Date.parse(iso)) * 1_000_000n);

describe("trace through the built bin", { timeout: 120_000 }, () => {
  it("assistant/tool-errors: the OTLP JSON tree, times and attributes (hand-computed)", () => {
    const r = runs.find((x) => x.name === "assistant/tool-errors/run")!;
    const out = cli("trace", "--capture-content", "--conversation-id", "t-1", file(r.name, r.items));
    expect(out.status).toBe(0);
    const body = JSON.parse(out.stdout);
    expect(attrs(body.resourceSpans[0].resource.attributes)).toEqual({ "service.name": "agentchat-messages" });
    const spans = spansOf(out.stdout);
    expect(spans.map((s) => s.name)).toEqual(["invoke_agent agent_search", "invoke_agent agent_search", "execute_tool fail_tool_stream", "execute_tool add_numbers_critic", "execute_tool budget_missing", "execute_tool add_numbers_critic", "execute_tool ratio_answer"]);
    const [root, agent, tool] = spans;
    expect(root.parentSpanId).toBeUndefined();
    expect(agent.parentSpanId).toBe(root.spanId);
    expect(tool.parentSpanId).toBe(agent.spanId);
    expect(new Set(spans.map((s) => s.traceId)).size).toBe(1);
    expect(root.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(root.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect([root.startTimeUnixNano, root.endTimeUnixNano]).toEqual([nanosOf("2025-03-15T07:39:37Z"), nanosOf("2025-03-15T07:39:40.750Z")]);
    expect([tool.startTimeUnixNano, tool.endTimeUnixNano]).toEqual([nanosOf("2025-03-15T07:39:38.250Z"), nanosOf("2025-03-15T07:39:39.500Z")]);
    expect(attrs(root.attributes)["gen_ai.conversation.id"]).toBe("t-1");
    expect(attrs(agent.attributes)).toMatchObject({ "gen_ai.usage.input_tokens": 168, "gen_ai.usage.output_tokens": 14, "gen_ai.agent.name": "agent_search" });
    expect(tool.status).toEqual({ code: 2, message: 'cannot process "it\'s a test": backend said "no"' });
    expect(attrs(tool.attributes)["gen_ai.tool.call.arguments"]).toBe("{\"reason\": \"it's a test\"}");
    expect(root.kind).toBe(1);
  });

  // Every run is traced in test/otel/trace.test.ts; here one in six (a spawn each), the failing one included.
  it("recorded runs: one root, one trace, no content without --capture-content", () => {
    for (const r of runs.filter((x, i) => i % 6 === 0 || x.failed)) {
      const out = cli("trace", file(r.name, r.items));
      expect(out.status, r.name).toBe(0);
      const spans = spansOf(out.stdout);
      expect(spans.filter((s) => s.parentSpanId === undefined), r.name).toHaveLength(1);
      const calls = (r.items as any[]).filter((m) => m.type === "ToolCallRequestEvent").reduce((n, m) => n + m.content.length, 0);
      expect(spans.filter((s) => attrs(s.attributes)["gen_ai.operation.name"] === "execute_tool"), r.name).toHaveLength(calls);
      expect(out.stdout).not.toMatch(/gen_ai\.(input|output)\.messages|gen_ai\.tool\.call\.(arguments|result)|autogen\.message\.content/);
    }
  });

  it("--require-end: a stream without a TaskResult fails; without it a transcript is fine", () => {
    const r = runs.find((x) => x.name === "round-robin/team-error/run")!;
    const p = file(r.name, r.items);
    expect(spansOf(cli("trace", "--require-end", p).stdout)[0].status).toEqual({ code: 2, message: "the AutoGen run ended without a TaskResult or Response" });
    expect(spansOf(cli("trace", p).stdout)[0].status).toEqual({ code: 0 });
  });

  it("invalid items are reported and skipped (exit 1); a bad endpoint is a usage error", () => {
    const p = file("bad", [{ type: "TextMessage", source: "a", content: "x" }, { type: "TextMessage", source: 5 }]);
    const out = cli("trace", p);
    expect(out.status).toBe(1);
    expect(out.stderr).toMatch(/line 2/);
    expect(spansOf(out.stdout).map((s) => s.name)).toEqual(["invoke_agent a", "invoke_agent a"]);
    const bad = cli("trace", "--endpoint", "ftp://x", p);
    expect([bad.status, bad.stderr]).toEqual([2, 'agentchat-messages: --endpoint "ftp://x" is not an http(s) URL\n']);
  });

  describe("--endpoint: a local OTLP/HTTP collector", () => {
    let server: Server;
    let base = "";
    const got: { method?: string; url?: string; type?: string; body: string }[] = [];
    let mode: "ok" | "500" | "stall" = "ok";
    beforeAll(async () => {
      server = createServer((req: IncomingMessage, res) => {
        let body = "";
        req.on("data", (d) => (body += d));
        req.on("end", () => {
          got.push({ method: req.method, url: req.url, type: req.headers["content-type"], body });
          if (mode === "stall") return; // never answers
          res.writeHead(mode === "ok" ? 200 : 500, { "content-type": "application/json" }).end("{}");
        });
      });
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    });
    afterAll(() => {
      server.closeAllConnections();
      server.close();
    });

    it("POSTs the OTLP JSON to /v1/traces", async () => {
      mode = "ok";
      const r = runs.find((x) => x.name === "round-robin/token-usage/run")!;
      const p = file(r.name, r.items);
      const out = await cliAsync("trace", "--endpoint", base, p);
      expect([out.status, out.stdout, out.stderr]).toEqual([0, "", `3 spans sent to ${base}/v1/traces\n`]);
      const req = got.at(-1)!;
      expect([req.method, req.url, req.type]).toEqual(["POST", "/v1/traces", "application/json"]);
      expect(spansOf(req.body).map((s) => s.name)).toEqual(["invoke_workflow", "invoke_agent team_model", "invoke_agent call_memory_python"]);
    });
    it("an HTTP error answer is exit 2, naming the endpoint", async () => {
      mode = "500";
      const out = await cliAsync("trace", "--endpoint", `${base}/v1/traces`, file("one", [{ type: "TextMessage", source: "a", content: "x" }]));
      expect([out.status, out.stderr]).toEqual([2, `agentchat-messages: ${base}/v1/traces answered HTTP 500 Internal Server Error\n`]);
    });
    it("an endpoint that never answers: exit 2 after --timeout", async () => {
      mode = "stall";
      const t0 = Date.now();
      const out = await cliAsync("trace", "--timeout", "300", "--endpoint", base, file("one", [{ type: "TextMessage", source: "a", content: "x" }]));
      expect([out.status, out.stderr]).toEqual([2, `agentchat-messages: cannot send the spans to ${base}/v1/traces: no answer within 300 ms\n`]);
      expect(Date.now() - t0).toBeLessThan(20_000);
    });
  });
});
