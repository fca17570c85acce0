// Preloaded into the CLI process by bench/cli-memory.ts: reports the peak resident set size at exit.
process.on("exit", () => process.stderr.write(`maxRSS_KiB=${process.resourceUsage().maxRSS}\n`));
