/// <reference types="node" />
// The library compiles without Node types (it must run in browsers); the CLI opts in here.
/**
 * `main`: parses the arguments, prints help / usage / version, or runs a command with its
 * context (input, `--max-errors` tally, progress line) and returns the exit status (0 valid,
 * 1 invalid items, 2 usage or input error). The process wiring is in main.ts; tests call this.
 */
import { once } from "node:events";
import { parseArgs, type Command, type RunArgs } from "./args.js";
import { EXIT, convert, fileOutput, render, stats, validate, type Output, type RunContext } from "./commands.js";
import { commandHelp, generalHelp } from "./help.js";
import { trace } from "./trace.js";
import { InputError, inputSize, readInput } from "./input.js";
import { Progress } from "./progress.js";
import { InvalidItems, describeInvalid } from "./report.js";
import { packageVersion } from "./version.js";

/**
 * Where the CLI reads and writes: stdout / stderr writers, and what it needs to know of the
 * terminal. Everything but `out` / `err` defaults to the process's.
 *
 * @example await main(["validate", "run.jsonl"], { out: async (t) => void chunks.push(t), err: async (t) => void errors.push(t) })
 */
export interface CliIO extends Output {
  /** Stdin's chunks (default `process.stdin`). */
  readonly stdin?: AsyncIterable<Buffer | string>;
  /** Whether stdout is a terminal (default `process.stdout.isTTY`). */
  readonly stdoutIsTTY?: boolean;
  /** Whether stderr is a terminal: the progress line is only ever drawn there (default `process.stderr.isTTY`). */
  readonly stderrIsTTY?: boolean;
  /** Writes the progress line, synchronously (default `process.stderr.write`). */
  readonly progress?: (text: string) => void;
  /** The progress line's clock in milliseconds (default `performance.now`). */
  readonly now?: () => number;
  /** How long a run lasts before its progress line appears (default 1000 ms). */
  readonly progressDelayMs?: number;
}

/** Writes to a Node stream, waiting for it to drain when its buffer is full. */
function writer(stream: NodeJS.WriteStream): (text: string) => Promise<void> {
  return async (text) => {
    if (text.length > 0 && !stream.write(text)) await once(stream, "drain");
  };
}

/** The process's stdout and stderr as a {@link CliIO}. @example await main(argv, processIO()) */
export function processIO(): CliIO {
  return { out: writer(process.stdout), err: writer(process.stderr) };
}

const COMMAND_RUNNERS: Record<Command, (ctx: RunContext) => Promise<number>> = { validate, render, stats, convert, trace };

/**
 * Whether a command writes its results to stdout while it reads: then a progress line on the
 * same terminal would cut through them, so it is drawn only when stdout goes elsewhere.
 */
function streamsOutput(args: RunArgs): boolean {
  return args.command === "render" || args.command === "convert" || (args.command === "trace" && args.endpoint === undefined) || (args.command === "validate" && args.format === "json");
}

/**
 * Runs the CLI with `argv` (without `node` and the script) and returns the exit status.
 *
 * @example process.exitCode = await main(process.argv.slice(2))
 */
export async function main(argv: readonly string[], io: CliIO = processIO()): Promise<number> {
  const args = parseArgs(argv);
  switch (args.kind) {
    case "usage":
      await io.err(generalHelp());
      return EXIT.usage;
    case "help":
      await io.out(args.command === undefined ? generalHelp() : commandHelp(args.command));
      return EXIT.ok;
    case "version":
      await io.out(`${packageVersion()}\n`);
      return EXIT.ok;
    case "error": {
      const help = args.command === undefined ? "agentchat-messages --help" : `agentchat-messages ${args.command} --help`;
      await io.err(`agentchat-messages: ${args.message}\nRun ${help} for usage.\n`);
      return EXIT.usage;
    }
  }
  let target: (Output & { close(commit: boolean): Promise<void> }) | null = null;
  try {
    // `-o <file>`: the results go there; stderr stays.
    if (args.output !== undefined) target = await fileOutput(args.output, io);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    await io.err(`agentchat-messages: ${e.message}\n`);
    return EXIT.usage;
  }
  const sink: Output = target ?? io;
  const progress = await progressFor(args, io);
  // Anything written clears the progress line first; it is redrawn at the next tick.
  const out: Output = progress
    ? {
        out: (t) => (progress.clear(), sink.out(t)),
        err: (t) => (progress.clear(), sink.err(t)),
      }
    : sink;
  const invalid = new InvalidItems(args.maxErrors);
  const ctx: RunContext = {
    args,
    io: out,
    invalid,
    items: async function* () {
      const options = { ...(io.stdin ? { stdin: io.stdin } : {}), ...(progress ? { onBytes: (n: number) => progress.bytes(n) } : {}) };
      for await (const item of readInput(args.input, options)) {
        progress?.item();
        yield item;
      }
    },
    reject: async (item) => {
      if (invalid.add(item)) for (const line of describeInvalid(item)) await out.err(`${line}\n`);
    },
  };
  let status: number | undefined;
  try {
    status = await COMMAND_RUNNERS[args.command](ctx);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    await out.err(`agentchat-messages: ${e.message}\n`);
    status = EXIT.usage;
  } finally {
    progress?.done();
    // `-o`: the file appears only when the command ran (valid or invalid items); not on a usage or input
    // error, nor when the command failed inside (status still undefined).
    if (status !== EXIT.ok && status !== EXIT.invalid) await target?.close(false);
  }
  if (status === EXIT.ok || status === EXIT.invalid) {
    try {
      await target?.close(true);
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      await io.err(`agentchat-messages: ${e.message}\n`);
      return EXIT.usage;
    }
  }
  return status;
}

/** The progress line for this run, or null: only when stderr is a terminal (never in piped output). */
async function progressFor(args: RunArgs, io: CliIO): Promise<Progress | null> {
  const stderrIsTTY = io.stderrIsTTY ?? process.stderr.isTTY === true;
  const stdoutIsTTY = io.stdoutIsTTY ?? process.stdout.isTTY === true;
  if (!stderrIsTTY || (streamsOutput(args) && args.output === undefined && stdoutIsTTY)) return null;
  return new Progress({
    write: io.progress ?? ((t) => void process.stderr.write(t)),
    label: args.command,
    total: args.input === undefined && io.stdin ? undefined : await inputSize(args.input),
    ...(io.now ? { now: io.now } : {}),
    ...(io.progressDelayMs !== undefined ? { delayMs: io.progressDelayMs } : {}),
    columns: process.stderr.columns || 80,
  });
}
