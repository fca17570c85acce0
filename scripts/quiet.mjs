// Runs a command with its output held back: nothing is printed when it succeeds, everything
// (stdout, then stderr) when it fails, with its exit status. `npm run demo` builds this way so
// that the first screen is the demo, not the build log.
//   node scripts/quiet.mjs npm run build
import { spawnSync } from "node:child_process";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: node scripts/quiet.mjs <command> [args…]");
  process.exit(2);
}
const tty = process.stderr.isTTY;
if (tty) process.stderr.write(`${[command, ...args].join(" ")} …`);
const r = spawnSync(command, args, { encoding: "utf8", maxBuffer: 256 * 1024 * 1024, shell: process.platform === "win32" });
if (tty) process.stderr.write("\r\x1b[K");
if (r.error) {
  console.error(`${command}: ${r.error.message}`);
  process.exit(2);
}
if (r.status !== 0) {
  process.stdout.write(r.stdout ?? "");
  process.stderr.write(r.stderr ?? "");
  console.error(`${[command, ...args].join(" ")} failed (exit ${r.status ?? r.signal})`);
  process.exit(r.status ?? 1);
}
