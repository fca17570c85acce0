#!/usr/bin/env node
// `./ag-ui` as a user's strict compiler sees it (issue 31.5): the packed package (npm pack of the
// current dist/), installed beside the AG-UI client a user has, compiled with `strict` and
// **without** `skipLibCheck`, so every declaration file is checked, ours and theirs.
//
// Each setup is a scratch project whose node_modules holds the extracted tarball and links to
// this repository's installed packages, the way npm lays them out for that user:
// - copilotkit: `@copilotkit/runtime` 1.75 and, at the top, the `@ag-ui/client` CopilotKit pins
//   (its own nested copy, 0.0.59), rxjs 7.8.2 beside the client's pinned 7.8.1 (what a plain
//   `npm i rxjs` gives). `new CopilotRuntime({ agents: { autogen } })` (v1 and v2 APIs) compiles.
// - client-1.0: `@ag-ui/client` 1.0 at the top, rxjs 7.8.2 beside its pinned 7.8.1;
//   AutoGenAgent is an `AbstractAgent` beside `HttpAgent`.
// - mismatch (must FAIL): CopilotKit with `@ag-ui/client` 1.0 at the top, what docs/copilotkit.md
//   tells users not to do; proves the harness compiles what it claims (TS2322 on the agents line).
// Run after `npm run build`. Exit 1 when a setup does not give its expected result, 2 on a setup error.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const nm = join(root, "node_modules");
if (!existsSync(join(root, "dist/ag-ui/index.d.ts"))) {
  console.error("check-ag-ui-types: dist/ag-ui/index.d.ts is missing; run `npm run build` first.");
  process.exit(2);
}
const copilotKitClient = join(nm, "@copilotkit/runtime/node_modules/@ag-ui/client");
for (const p of [join(nm, "@copilotkit/runtime"), copilotKitClient, join(nm, "rxjs-7.8.2")]) {
  if (!existsSync(p)) {
    console.error(`check-ag-ui-types: ${p} is missing (devDependencies: npm ci).`);
    process.exit(2);
  }
}
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const work = mkdtempSync(join(tmpdir(), "ag-ui-types-"));

// The package as npm would install it: the tarball's files, no scripts run (dist/ is built).
execFileSync("npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", work], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
const tarball = readdirSync(work).find((f) => f.endsWith(".tgz"));

const TSCONFIG = {
  compilerOptions: { strict: true, skipLibCheck: false, noEmit: true, module: "nodenext", moduleResolution: "nodenext", target: "es2022", types: ["node"] },
  files: ["consumer.ts"],
};

const AUTOGEN = `import { AutoGenAgent, fastApiWebSocket, type AutoGenAgentConfig } from "agentchat-messages/ag-ui";

const config: AutoGenAgentConfig = { transport: fastApiWebSocket("ws://127.0.0.1:8002/ws/chat") };
export const autogen = new AutoGenAgent(config);
`;

const COPILOTKIT = `${AUTOGEN}import { CopilotRuntime, copilotRuntimeNodeHttpEndpoint, ExperimentalEmptyAdapter } from "@copilotkit/runtime";
import { CopilotRuntime as CopilotRuntimeV2, createCopilotRuntimeHandler } from "@copilotkit/runtime/v2";
import { createCopilotNodeListener } from "@copilotkit/runtime/v2/node";
import { createServer } from "node:http";

const runtime = new CopilotRuntime({ agents: { autogen } });
export const v1 = copilotRuntimeNodeHttpEndpoint({ endpoint: "/copilotkit", runtime, serviceAdapter: new ExperimentalEmptyAdapter() });
export const v2 = createCopilotRuntimeHandler({ runtime: new CopilotRuntimeV2({ agents: { autogen } }), basePath: "/api/copilotkit" });
export const server = createServer(createCopilotNodeListener({ runtime: new CopilotRuntimeV2({ agents: { autogen } }), basePath: "/api/copilotkit" }));
`;

const CLIENT = `${AUTOGEN}import { AbstractAgent, HttpAgent } from "@ag-ui/client";

export const agents: AbstractAgent[] = [autogen, new HttpAgent({ url: "http://127.0.0.1:4000/agent" }), autogen.clone()];
export const events = autogen.run({ threadId: "t", runId: "r", messages: [], tools: [], context: [], state: {}, forwardedProps: {} });
export const ended: Promise<boolean> = autogen.runAgent().then((r) => r.newMessages.length > 0);
`;

// The server blocks of docs/copilotkit.md (fenced `ts copilotkit`), each a module of the copilotkit setup.
const DOC_BLOCKS = [...readFileSync(join(root, "docs/copilotkit.md"), "utf8").matchAll(/^```ts copilotkit\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
if (DOC_BLOCKS.length < 2) {
  console.error("check-ag-ui-types: docs/copilotkit.md has no `ts copilotkit` blocks.");
  process.exit(2);
}

const common = { "@ag-ui/core": join(nm, "@ag-ui/core"), "@ag-ui/encoder": join(nm, "@ag-ui/encoder"), rxjs: join(nm, "rxjs-7.8.2"), zod: join(nm, "zod"), ulid: join(nm, "ulid"), "@types/node": join(nm, "@types/node") };
const only = process.argv.slice(2); // e.g. `node scripts/check-ag-ui-types.mjs copilotkit`: those setups only
const setups = [
  { name: "copilotkit", expect: "pass", code: COPILOTKIT, docs: DOC_BLOCKS, links: { ...common, "@ag-ui/client": copilotKitClient, "@copilotkit/runtime": join(nm, "@copilotkit/runtime"), ws: join(nm, "ws"), "@types/ws": join(nm, "@types/ws") } },
  { name: "client-1.0", expect: "pass", code: CLIENT, links: { ...common, "@ag-ui/client": join(nm, "@ag-ui/client") } },
  { name: "mismatch", expect: /consumer\.ts\(\d+,\d+\): error TS2322: Type 'AutoGenAgent' is not assignable to type 'AbstractAgent'/, code: COPILOTKIT, links: { ...common, "@ag-ui/client": join(nm, "@ag-ui/client"), "@copilotkit/runtime": join(nm, "@copilotkit/runtime") } },
].filter((s) => only.length === 0 || only.includes(s.name));

function prepare(setup) {
  const dir = join(work, setup.name);
  const pkg = join(dir, "node_modules/agentchat-messages");
  mkdirSync(pkg, { recursive: true });
  execFileSync("tar", ["-xzf", join(work, tarball), "-C", pkg, "--strip-components=1"]);
  for (const [name, target] of Object.entries(setup.links)) {
    mkdirSync(dirname(join(dir, "node_modules", name)), { recursive: true });
    symlinkSync(target, join(dir, "node_modules", name), "dir");
  }
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: `consumer-${setup.name}`, private: true, type: "module" }));
  const docs = (setup.docs ?? []).map((code, i) => {
    writeFileSync(join(dir, `doc-${i + 1}.ts`), code);
    return `doc-${i + 1}.ts`;
  });
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ ...TSCONFIG, files: [...TSCONFIG.files, ...docs] }, null, 2));
  writeFileSync(join(dir, "consumer.ts"), setup.code);
  return dir;
}

/** tsc in `dir`: its exit code and output (bounded: a compiler that hangs is killed). */
function compile(dir) {
  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, [tsc, "-p", dir], { cwd: dir });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 300_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolvePromise({ code, out });
    });
  });
}

let failed = false;
try {
  const started = Date.now();
  const results = await Promise.all(setups.map(async (s) => ({ s, ...(await compile(prepare(s))) })));
  for (const { s, code, out } of results) {
    const errors = out.split("\n").filter((l) => /error TS\d+/.test(l));
    const ok = s.expect === "pass" ? code === 0 : code !== 0 && errors.some((l) => s.expect.test(l));
    if (!ok) failed = true;
    const what = s.expect === "pass" ? "compiles" : "fails as expected";
    console.log(`${ok ? "ok  " : "FAIL"} ${s.name.padEnd(11)} ${ok ? what : s.expect === "pass" ? "does not compile" : "did not fail as expected"}`);
    if (!ok) console.log(out.split("\n").slice(0, 40).join("\n"));
  }
  console.log(`\ncheck-ag-ui-types: ${failed ? "FAILED" : "ok"} (strict, no skipLibCheck; ${((Date.now() - started) / 1000).toFixed(0)} s)`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
