/**
 * Running an example as a person does (`node --import tsx …` from the checkout's root): its server
 * on 127.0.0.1 with the URL it prints, and a client's exit code and output.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Starts `node --import tsx <args>` in the checkout's root, its output piped. */
export function node(args: string[]): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
}

/** The exit code and the whole output of a process, once it has closed. */
export function finish(child: ChildProcess): Promise<{ code: number | null; out: string; err: string }> {
  let out = "";
  let err = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, out, err })));
}

/** Starts an example server on a free port; resolves with it and the base URL it prints ("listening on http://127.0.0.1:N"). */
export async function startServer(args: string[]): Promise<{ server: ChildProcess; base: string }> {
  const server = node(args);
  const base = await new Promise<string>((resolve, reject) => {
    let out = "";
    server.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    server.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { server, base };
}
