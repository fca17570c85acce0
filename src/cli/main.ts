#!/usr/bin/env node
/// <reference types="node" />
// The library compiles without Node types (it must run in browsers); the CLI opts in here.
/**
 * `agentchat-messages`: the command-line entry point (the package's bin). Runs `main` (run.ts)
 * on the process's arguments and exits with its status (0 valid, 1 invalid items, 2 usage or
 * input error, 70 internal error).
 */
import { main } from "./run.js";

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
