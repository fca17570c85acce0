#!/usr/bin/env node
/// <reference types="node" />
// The library compiles without Node types (it must run in browsers); the CLI opts in here.
/**
 * `agentchat-messages`: the command-line entry point. Parses the arguments, runs a command,
 * and exits with its status (0 valid, 1 invalid items, 2 usage or input error).
 */
import { once } from "node:events";
import { HELP, parseArgs } from "./args.js";
import { EXIT, convert, fileOutput, render, renderHtmlPage, stats, validate, type Output } from "./commands.js";
import { InputError } from "./input.js";

/** Writes to a Node stream, waiting for it to drain when its buffer is full. */
function writer(stream: NodeJS.WriteStream): (text: string) => Promise<void> {
  return async (text) => {
    if (text.length > 0 && !stream.write(text)) await once(stream, "drain");
  };
}

/**
 * Runs the CLI with `argv` (without `node` and the script) and returns the exit status.
 *
 * @example process.exitCode = await main(process.argv.slice(2))
 */
export async function main(argv: readonly string[], io: Output = { out: writer(process.stdout), err: writer(process.stderr) }): Promise<number> {
  const args = parseArgs(argv);
  switch (args.kind) {
    case "help":
      await io.out(HELP);
      return EXIT.ok;
    case "error":
      await io.err(`agentchat-messages: ${args.message}\nRun agentchat-messages --help for usage.\n`);
      return EXIT.usage;
  }
  try {
    switch (args.command) {
      case "validate":
        return await validate(args.input, io);
      case "render": {
        const target = args.output === undefined ? null : await fileOutput(args.output, io);
        try {
          return args.html ? await renderHtmlPage(args.input, target ?? io) : await render(args.input, args, target ?? io);
        } finally {
          await target?.close();
        }
      }
      case "stats":
        return await stats(args.input, io);
      case "convert":
        return await convert(args.to, args.input, io, args.model, args.as);
    }
  } catch (e) {
    if (e instanceof InputError) {
      await io.err(`agentchat-messages: ${e.message}\n`);
      return EXIT.usage;
    }
    throw e;
  }
}

// Stdout closed early (`| head`): stop quietly, as command-line tools do.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw e;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`agentchat-messages: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 70;
  },
);
