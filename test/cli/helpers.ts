/** Running the CLI in-process (`main` from src/cli/run.ts) with its streams captured, or spawned as a command from src/. */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { main, type CliIO } from "../../src/cli/run.js";

/** The checkout's root. */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The checkout's package.json. */
export const PACKAGE = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { name: string; version: string };

/** What a run wrote, and its exit status. `log` interleaves stdout, stderr and the progress line in writing order. */
export interface CliRun {
  readonly code: number;
  readonly out: string;
  readonly err: string;
  readonly progress: string;
  readonly log: ReadonlyArray<readonly ["out" | "err" | "progress", string]>;
}

/** Options of {@link runCli}: stdin's text (in chunks) and the terminal facts. */
export interface RunOptions extends Omit<Partial<CliIO>, "out" | "err" | "stdin" | "progress"> {
  readonly stdin?: string | readonly string[];
}

/**
 * Runs `agentchat-messages <argv>` in this process. Stdin is the given text (empty by default,
 * never the test process's own stdin); neither stream is a terminal unless said.
 */
export async function runCli(argv: readonly string[], options: RunOptions = {}): Promise<CliRun> {
  const log: Array<["out" | "err" | "progress", string]> = [];
  const chunks = typeof options.stdin === "string" ? [options.stdin] : (options.stdin ?? []);
  const { stdin: _, ...rest } = options;
  const code = await main(argv, {
    stdoutIsTTY: false,
    stderrIsTTY: false,
    ...rest,
    stdin: (async function* () {
      yield* chunks;
    })(),
    out: async (t) => void log.push(["out", t]),
    err: async (t) => void log.push(["err", t]),
    progress: (t) => void log.push(["progress", t]),
  });
  const of = (s: string) => log.filter(([k]) => k === s).map(([, t]) => t).join("");
  return { code, out: of("out"), err: of("err"), progress: of("progress"), log };
}

/**
 * Runs `agentchat-messages <args>` as a command, `npx tsx src/cli/main.ts …` in the checkout's
 * root, with `input` on stdin: its exit status and output (npm's own warnings cut from stderr).
 */
export function spawnCli(args: readonly string[], input?: string): { code: number | null; out: string; err: string } {
  const r = spawnSync("npx", ["tsx", "src/cli/main.ts", ...args], {
    cwd: ROOT,
    input,
    encoding: "utf8",
    maxBuffer: 1 << 26, // a page of a long run
    env: { ...process.env, npm_config_loglevel: "error", NO_COLOR: "1" },
  });
  return { code: r.status, out: r.stdout, err: r.stderr.replace(/^npm warn.*\n/gm, "") };
}

/** JSON Lines text of `items`. */
export const jsonl = (items: readonly unknown[]): string => items.map((x) => `${typeof x === "string" ? x : JSON.stringify(x)}\n`).join("");

/** A valid TextMessage payload. */
export const text = (source: string, content: string, extra: Record<string, unknown> = {}) => ({
  id: `${source}-${content}`,
  source,
  models_usage: null,
  metadata: {},
  created_at: "2025-03-14T09:26:53Z",
  content,
  type: "TextMessage",
  ...extra,
});

/** A ToolCallRequestEvent payload with one call per name. */
export const toolCalls = (source: string, names: readonly unknown[]) => ({
  id: `calls-${source}`,
  source,
  models_usage: null,
  metadata: {},
  created_at: "2025-03-14T09:26:54Z",
  content: names.map((name, i) => ({ id: `call_${i}`, arguments: "{}", name })),
  type: "ToolCallRequestEvent",
});
