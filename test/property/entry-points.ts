/**
 * The table of entry points the property tests drive: every loader (a value in, a result or the
 * library's error out) and every stream reader (bytes in, items out), with the real seeds each
 * is fed. A new subpath joins by adding a row (`./ag-ui`, `./maf`: its loader, its seeds, its
 * dump for the round trip, or its reader and how items are written on its wire); the
 * properties in entry-points.property.test.ts run over every row.
 */
import { dump, safeLoad } from "../../src/index.js";
import { dumpState, safeLoadState } from "../../src/state/index.js";
import { dumpComponent, safeLoadComponent } from "../../src/components/index.js";
import { loadRunItem, readFrames, readMessages, readSSE, type ChunkSource, type FrameSource, type RunItemResult } from "../../src/stream/index.js";
import { readJsonl } from "../helpers/fixtures.js";
import { MAF_LOADERS } from "./maf-entry-points.js";
import { AG_UI_LOADERS } from "./ag-ui-entry-points.js";
import { OTEL_LOADERS } from "./otel-entry-points.js";
import { SECRET } from "./contract.js";

/** What a loader returns, made uniform: the value, or the error it reports. */
export type Outcome = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: unknown };

/** A loader: any value in, a result or the library's error out (its safe form; it must not throw). */
export interface ValueLoader {
  /** The API, as a user calls it (`loadState`). */
  readonly name: string;
  /** The package subpath it is imported from. */
  readonly subpath: string;
  /** Real documents it reads (JSON values), the seeds of the mutations. */
  readonly seeds: () => readonly unknown[];
  /** Loads one value through the safe API. Any exception escaping it breaks the contract. */
  readonly load: (input: unknown) => Outcome;
  /** The wire JSON of a loaded value, for load → dump → load; `undefined`: no round trip for this value. */
  readonly dump?: (value: unknown) => unknown;
  /** More checks of a result (its input given), run after the time bound was measured: they may be slow on a 10 MB input. */
  readonly check?: (value: unknown, input: unknown) => void;
  /** Whether the seeds carry {@link SECRET} in credential fields (then no error may show it). */
  readonly secrets?: boolean;
  /** Checks, after the properties ran, what settled later (a promise the loader started). */
  readonly settle?: () => Promise<void>;
}

/** How a reader gets its bytes: one text split anywhere (JSON Lines, SSE), or discrete frames (WebSocket). */
export type Wire = { readonly kind: "text"; readonly write: (items: readonly string[]) => string } | { readonly kind: "frames" };

/** What a reader yields, made uniform. */
export interface ReadItem {
  readonly ok: boolean;
  readonly error?: unknown;
  readonly kind?: string;
  readonly message?: unknown;
}

/** A stream reader: bytes in (any split), items out; iterating must not throw. */
export interface StreamReader {
  readonly name: string;
  readonly subpath: string;
  /** Items a live run sends (JSON values), in runs: the seeds. */
  readonly seeds: () => readonly (readonly unknown[])[];
  readonly wire: Wire;
  /** Reads chunks (text wire) or frames (frame wire). */
  readonly read: (source: Iterable<string | Uint8Array | ArrayBuffer>) => AsyncIterable<ReadItem>;
}

// ---- seeds --------------------------------------------------------------------------------

const once = <T>(f: () => T): (() => T) => {
  let v: T | undefined;
  return () => (v ??= f());
};

/** Message payloads: the load cases and the message dumps of the golden fixtures. */
export const messageSeeds = once(() =>
  [...readJsonl("autogen/load-cases.jsonl").map((r) => r.payload), ...readJsonl("autogen/messages.jsonl").map((r) => r.dump)].filter((p) => p !== undefined),
);

/** Saved team and agent states of the recorded runs. */
export const stateSeeds = once(() => readJsonl("autogen-teams/state.jsonl").flatMap((r) => (r.states as Array<{ state: unknown }>).map((s) => s.state)));

/** Credential keys whose string values get {@link SECRET}, and maps that get it as a key too. */
const SECRET_FIELDS = new Set(["api_key", "azure_ad_token", "password", "token", "aws_secret_key", "aws_access_key", "aws_session_token"]);
const SECRET_MAPS = new Set(["env", "headers", "default_headers"]);

/** The secret planted: every credential string, and a key (and value) of every credential map. */
function plantSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plantSecrets);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (SECRET_FIELDS.has(k) && typeof v === "string") out[k] = SECRET;
    else if (SECRET_MAPS.has(k) && v !== null && typeof v === "object" && !Array.isArray(v)) out[k] = { ...(v as object), [SECRET]: SECRET, "X-Key": SECRET };
    else out[k] = plantSecrets(v);
  }
  return out;
}

/** Component configs with credentials the recorded dumps lack (a map of env variables, headers). */
const WITH_CREDENTIAL_MAPS: readonly unknown[] = [
  { provider: "autogen_ext.tools.mcp.McpWorkbench", config: { server_params: { type: "StdioServerParams", command: "uvx", args: ["mcp-server-fetch"], env: { TOKEN: "t" } } } },
  { provider: "autogen_ext.tools.mcp.McpWorkbench", config: { server_params: { type: "SseServerParams", url: "https://mcp.example.com/sse", headers: { Authorization: "Bearer t" } } } },
  { provider: "autogen_ext.tools.mcp.McpWorkbench", config: { server_params: { type: "StreamableHttpServerParams", url: "https://mcp.example.com/mcp", headers: { Authorization: "Bearer t" } } } },
  { provider: "autogen_ext.models.openai.OpenAIChatCompletionClient", config: { model: "gpt-4o", api_key: "k", default_headers: { "X-Org": "o" } } },
  { provider: "autogen_ext.tools.http.HttpTool", config: { name: "weather", host: "api.example.com", port: 443, scheme: "https", headers: { Authorization: "Bearer t" }, json_schema: { type: "object", properties: {} } } },
];

/** Component configs: the recorded teams' and every class's dumps, credentials planted. */
export const componentSeeds = once(() =>
  [
    ...readJsonl("autogen-teams/components.jsonl").flatMap((r) => (r.components as Array<{ component: unknown }>).map((c) => c.component)),
    ...readJsonl("autogen-components/components.jsonl").map((r) => r.dump),
    ...readJsonl("autogen-components/client-components.jsonl").map((r) => r.component),
    ...WITH_CREDENTIAL_MAPS,
  ]
    .filter((c) => c !== null && typeof c === "object")
    .map(plantSecrets),
);

/** The items of each recorded run, as a backend sends them: messages and events, then the TaskResult / Response. */
export const runSeeds = once(() =>
  readJsonl("autogen-teams/streams.jsonl").flatMap((r) =>
    (r.steps as Array<{ stream?: Array<Record<string, unknown>> }>).map((step) =>
      (step.stream ?? []).map((it) => {
        if (it.item === "TaskResult") return { messages: it.messages, stop_reason: it.stop_reason };
        if (it.item === "Response") return { chat_message: it.chat_message, inner_messages: it.inner_messages };
        return it.dump;
      }),
    ),
  ).filter((run) => run.length > 0),
);

/** Runs as AutoGen Studio sends them: each item in its envelope, a control frame first. */
const studioRuns = once(() =>
  runSeeds().map((run) => [
    { type: "system", status: "connected", timestamp: "2025-03-15T03:27:56Z" },
    ...run.map((item) =>
      item !== null && typeof item === "object" && "messages" in item
        ? { type: "result", data: { task_result: item, usage: "", duration: 1.5 }, status: "complete" }
        : { type: "message", data: item },
    ),
  ]),
);

/** Single frames: bare items and Studio envelopes. */
const frameSeeds = once(() => [...runSeeds().flat(), ...studioRuns().flat()]);

// ---- the table ----------------------------------------------------------------------------

const fromSafe = (r: { success: boolean; data?: unknown; error?: unknown }): Outcome => (r.success ? { ok: true, value: r.data } : { ok: false, error: r.error });
const fromItem = (r: RunItemResult): Outcome => (r.ok ? { ok: true, value: r } : { ok: false, error: r.error });

/** Every loader of the package. */
export const VALUE_LOADERS: readonly ValueLoader[] = [
  { name: "load", subpath: ".", seeds: messageSeeds, load: (v) => fromSafe(safeLoad(v)), dump: (m) => dump(m as never) },
  { name: "loadState", subpath: "./state", seeds: stateSeeds, load: (v) => fromSafe(safeLoadState(v)), dump: (s) => dumpState(s as never) },
  { name: "loadComponent", subpath: "./components", seeds: componentSeeds, load: (v) => fromSafe(safeLoadComponent(v)), dump: (c) => dumpComponent(c as never, { revealSecrets: true }), secrets: true },
  {
    name: "loadRunItem",
    subpath: "./stream",
    seeds: frameSeeds,
    load: (v) => fromItem(loadRunItem(v)),
    // A message item round-trips through its dump; other items are checked by their own loaders.
    dump: (item) => ((item as { kind?: string }).kind === "message" && !(item as { envelope?: unknown }).envelope ? dump((item as { message: never }).message) : undefined),
  },
  ...MAF_LOADERS(),
  ...AG_UI_LOADERS(),
  ...OTEL_LOADERS(),
];

/** JSON Lines: one item per line. */
const jsonl: Wire = { kind: "text", write: (items) => items.join("\n") + "\n" };
/** Server-Sent Events: `data:` lines (a multi-line item split over several), events named now and then. */
const sse: Wire = {
  kind: "text",
  write: (items) => items.map((t, i) => `${i % 3 === 0 ? "event: message\n" : ""}${i % 4 === 1 ? `id: ${i}\n` : ""}data: ${t.replace(/\n/g, "\ndata: ")}\n\n`).join(""),
};

/** Every stream reader of the package. */
export const STREAM_READERS: readonly StreamReader[] = [
  { name: "readMessages", subpath: "./stream", seeds: () => [...runSeeds(), ...studioRuns()], wire: jsonl, read: (s) => readMessages(s as ChunkSource) },
  { name: "readSSE", subpath: "./stream", seeds: () => [...runSeeds(), ...studioRuns()], wire: sse, read: (s) => readSSE(s as ChunkSource) },
  { name: "readFrames", subpath: "./stream", seeds: () => [...runSeeds(), ...studioRuns()], wire: { kind: "frames" }, read: (s) => readFrames(s as FrameSource) },
];
