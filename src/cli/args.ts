/**
 * Command-line parsing for `agentchat-messages`: a command, an optional input path, and the
 * options of that command. One table ({@link COMMAND_SPECS}) describes every command: its
 * options (parsed from it), its help text and its examples. Hand-written (no dependency);
 * unknown options are errors, not silently ignored.
 */
import { didYouMean } from "../wire/hints.js";
import { packageHomepage } from "./version.js";

/** The commands the CLI knows. @example COMMANDS.includes("render") // true */
export const COMMANDS = ["validate", "render", "stats", "convert", "trace"] as const;
/** One of {@link COMMANDS}. @example const c: Command = "stats" */
export type Command = (typeof COMMANDS)[number];

/** What a `convert` target is: AgentScope messages, a model client's messages, or Microsoft Agent Framework documents. @example const f: TargetFamily = "model" */
export type TargetFamily = "agentscope" | "model" | "maf";

/** One `convert --to` target: what it is for the help's summary, and what it writes. @example CONVERT_TARGET_SPECS.openai.writes */
export interface TargetSpec {
  readonly family: TargetFamily;
  /** Its name in the general help's command list (`OpenAI`, `MAF`). */
  readonly name: string;
  /** What `--to <target>` writes, for `convert --help` (may span lines). */
  readonly writes: string;
}

/**
 * Every `convert --to` target and what it writes: the parser's list of targets, the command's
 * summary in the general help and the `--to` lines of `convert --help` are made from it.
 *
 * @example Object.keys(CONVERT_TARGET_SPECS) // ["agentscope", "openai", "anthropic", "gemini", "ai-sdk", "maf"]
 */
export const CONVERT_TARGET_SPECS = {
  agentscope: { family: "agentscope", name: "AgentScope", writes: "AgentScope Msg dicts (Msg.to_dict()), one JSON line per message" },
  openai: { family: "model", name: "OpenAI", writes: "one JSON array: the Chat Completions `messages` AutoGen's OpenAI client\nsends (the array only: no model, tools or other request fields)" },
  anthropic: { family: "model", name: "Anthropic", writes: "one JSON object: the {system?, messages} of the Messages API request\nAutoGen's Anthropic client sends" },
  gemini: { family: "model", name: "Gemini", writes: "one JSON object: Gemini's {systemInstruction?, contents}" },
  "ai-sdk": { family: "model", name: "AI SDK", writes: "one JSON array: Vercel AI SDK ModelMessages" },
  maf: { family: "maf", name: "MAF", writes: "Microsoft Agent Framework documents, one JSON line each: a run's\nMessages; a saved state: one AgentSession per AssistantAgent" },
} as const satisfies Record<string, TargetSpec>;

/** One of the `convert --to` targets. @example const t: ConvertTarget = "maf" */
export type ConvertTarget = keyof typeof CONVERT_TARGET_SPECS;

/** The targets `convert --to` writes, in the help's order. @example CONVERT_TARGETS.join(", ") // "agentscope, openai, anthropic, gemini, ai-sdk, maf" */
export const CONVERT_TARGETS = Object.keys(CONVERT_TARGET_SPECS) as readonly ConvertTarget[];

/** The targets of one family, by name: `OpenAI, Anthropic, Gemini, AI SDK`. */
const targetNames = (family: TargetFamily): string =>
  CONVERT_TARGETS.filter((t) => CONVERT_TARGET_SPECS[t].family === family)
    .map((t) => CONVERT_TARGET_SPECS[t].name)
    .join(", ");

/** `a, b or c`. */
const orList = (names: readonly string[]): string => (names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`);

/** Where the CLI's documentation is (docs/ is not in the package): the repository's docs/cli.md, from package.json's homepage. @example `${CLI_DOCS}#the-commands` */
export const CLI_DOCS = `${packageHomepage()}/blob/main/docs/cli.md`;

/** The report formats of `validate --format`. @example REPORT_FORMATS[1] // "json" */
export const REPORT_FORMATS = ["text", "json"] as const;

/** One option of a command, as the parser reads it and the help shows it. @example const o: OptionSpec = { name: "stats", flags: ["--stats"], help: "also print token usage" } */
export interface OptionSpec {
  /** The key the parsed value is stored under. */
  readonly name: string;
  /** Its spellings, short first (`-o`, `--output`). */
  readonly flags: readonly string[];
  /** The value it takes, as the help shows it (`<target>`); absent for a switch. */
  readonly value?: string;
  /** What the value is, for the error when it is missing ("an agent name"). */
  readonly needs?: string;
  /** The values it accepts, when it is a choice. */
  readonly choices?: readonly string[];
  /** Checks a value; returns what is wrong with it, or null. */
  readonly check?: (value: string) => string | null;
  /** What it does (may span lines). */
  readonly help: string;
}

/** One command: what it does, its options, examples. @example COMMAND_SPECS.stats.summary */
export interface CommandSpec {
  /** One line for the command list of the general help. */
  readonly summary: string;
  /** What `<command> --help` says before the options. */
  readonly description: string;
  readonly options: readonly OptionSpec[];
  readonly examples: readonly string[];
  /** The heading of docs/cli.md that says more (its anchor), shown as a URL at the end of the command's help. */
  readonly docs: string;
}

const wholeNumber = (value: string): string | null => (/^\d+$/.test(value) ? null : `expected a whole number, got ${JSON.stringify(value)}`);

const MAX_ERRORS: OptionSpec = {
  name: "max-errors",
  flags: ["--max-errors"],
  value: "<n>",
  needs: "a number",
  check: wholeNumber,
  help: "report the first <n> invalid items, count the rest (default: all)",
};

/**
 * Every command: its summary, description, options and examples. The parser, the general help
 * and `<command> --help` are all made from it.
 *
 * @example COMMAND_SPECS.convert.options.map((o) => o.flags[0]) // ["--to", "--model", "--as", "--max-errors"]
 */
export const COMMAND_SPECS: Readonly<Record<Command, CommandSpec>> = {
  validate: {
    summary: "check every item; report each invalid one with its location and path",
    description: `Checks every item as load() does. Each invalid item is reported on stderr with its line (JSON
Lines) or index (array), its type and the path of each problem; then stdout gets the counts per
kind and, when some items are invalid, the errors grouped by kind and path. Microsoft Agent
Framework documents (a session, message or response) are checked as loadMaf does.
With --format json, stdout gets a machine-readable report instead, as JSON Lines: one
{"report":"invalid", "line"|"index"|"document", "type", "issues":[{path, loc, code, message, hint?}]}
per invalid item, then one {"report":"summary", items, valid, invalid, reported, valid_by_kind,
errors}; nothing on stderr, the same exit status.`,
    options: [
      {
        name: "format",
        flags: ["--format"],
        value: "<text|json>",
        needs: "a format: text or json",
        choices: REPORT_FORMATS,
        help: "text (default) for people, json for scripts, CI and editors",
      },
      MAX_ERRORS,
    ],
    examples: [
      "agentchat-messages validate run.jsonl",
      "cat run.jsonl | agentchat-messages validate",
      "agentchat-messages validate --format json run.jsonl > report.jsonl",
      "agentchat-messages validate --max-errors 10 big-run.jsonl",
      "agentchat-messages validate team_state.json.gz",
    ],
    docs: "validate---format-json",
  },
  render: {
    summary: "print the run as AutoGen's Console does, or (--html) as one HTML page",
    description: `Prints every item as AutoGen's Console prints it (streamed chunks inline, TaskResult summaries
with --stats). Invalid items are reported on stderr and skipped. With --html, writes the run as one
self-contained HTML page instead (an invalid item is reported and still shown, as its JSON).
A Microsoft Agent Framework session, message or response is shown as its messages.
A saved state is shown thread by thread, a component config as the outline of its components.
With -o, the file is written only when the command ran (not on a usage or input error).`,
    options: [
      { name: "stats", flags: ["--stats"], help: "also print token usage and summaries (Console's output_stats)" },
      { name: "inline-images", flags: ["--inline-images"], help: "show MultiModalMessage images with iTerm2 inline escapes" },
      { name: "html", flags: ["--html"], help: "write the run as one self-contained HTML page instead" },
      { name: "output", flags: ["-o", "--output"], value: "<file>", needs: "a file name", help: "write to <file> instead of stdout" },
      MAX_ERRORS,
    ],
    examples: [
      "agentchat-messages render run.jsonl",
      "agentchat-messages render --stats run.jsonl | less -R",
      "agentchat-messages render --html run.jsonl -o run.html",
      "agentchat-messages render --html session.json -o session.html",
      "agentchat-messages render team_state.json",
    ],
    docs: "the-commands",
  },
  stats: {
    summary: "counts per kind and per source, token totals, time span",
    description: `Summarises the run: messages per kind and per source, chat messages and events, results, token
usage and the created_at span. Invalid items are skipped; where they are (lines or indexes) and
their errors grouped by kind and path are listed.`,
    options: [{ ...MAX_ERRORS, help: "list the locations of the first <n> invalid items (default: all)" }],
    examples: ["agentchat-messages stats run.jsonl", "agentchat-messages stats transcript.json", "agentchat-messages stats team_state.json"],
    docs: "the-commands",
  },
  convert: {
    summary: `convert to ${targetNames("agentscope")}, a model client's messages (${targetNames("model")}) or ${targetNames("maf")}`,
    description: `Converts the run for another tool; --to says which, and what it writes (below).
The model targets (${orList(CONVERT_TARGETS.filter((t) => CONVERT_TARGET_SPECS[t].family === "model"))}) take the run's chat messages,
each as the user message AutoGen's to_model_message() makes of it (events left out), or with
--as <agent> that AssistantAgent's model context (its replies and tool calls as assistant turns).
--to maf converts a saved state (team or agent) to one AgentSession per AssistantAgent (MAF:
Microsoft Agent Framework). An agent with no model context (a CodeExecutorAgent, a
UserProxyAgent) has nothing to carry over: it is named on stderr, and a state that holds only
such agents writes nothing (exit 0).`,
    options: [
      {
        name: "to",
        flags: ["--to"],
        value: "<target>",
        // Not a parser choice: convert itself names the supported targets, with or without --to.
        needs: `a target (${orList(CONVERT_TARGETS)})`,
        help: targetHelp(),
      },
      { name: "model", flags: ["--model"], value: "<name>", needs: "a model name (e.g. gpt-4o)", help: "openai, anthropic: the model whose rules apply (default gpt-4o, claude-sonnet-4-20250514)" },
      { name: "as", flags: ["--as"], value: "<agent>", needs: "an agent name (the source of its messages)", help: "model targets and maf: the model context AssistantAgent <agent> holds after the run (maf: as an AgentSession)" },
      MAX_ERRORS,
    ],
    examples: [
      "agentchat-messages convert --to agentscope run.jsonl > agentscope.jsonl",
      "agentchat-messages convert --to openai --model gpt-4o run.jsonl > messages.json",
      "agentchat-messages convert --to anthropic --as writer run.jsonl",
      "agentchat-messages convert --to gemini run.jsonl",
      "agentchat-messages convert --to ai-sdk --as writer run.jsonl",
      "agentchat-messages convert --to maf team_state.json > sessions.jsonl",
    ],
    docs: "the-commands",
  },
  trace: {
    summary: "the run as OpenTelemetry GenAI spans: OTLP JSON to stdout, a file or an OTLP/HTTP endpoint",
    description: `Records the run as OpenTelemetry GenAI spans (as agentchat-messages/otel's traceRun does: a root
invoke_workflow / invoke_agent span, an invoke_agent span per agent turn with its token usage, an
execute_tool span per tool call), with the items' created_at times, and writes them as one OTLP/HTTP
JSON ExportTraceServiceRequest to stdout (or -o), or POSTs it to --endpoint (an OTLP/HTTP
collector: Phoenix, Langfuse, Jaeger; a bare host gets /v1/traces). The input is a run's items, a
transcript, a saved state (its messages), or a Microsoft Agent Framework document. Message text,
tool arguments and results are left out unless --capture-content. Invalid items are reported and
skipped (exit 1).`,
    options: [
      { name: "capture-content", flags: ["--capture-content"], help: "record message text, tool arguments and results (off by default: they may hold personal data)" },
      { name: "endpoint", flags: ["--endpoint"], value: "<url>", needs: "an OTLP/HTTP URL (e.g. of a collector on port 4318)", help: "POST the spans there instead of writing them" },
      { name: "timeout", flags: ["--timeout"], value: "<ms>", needs: "a number of milliseconds", check: wholeNumber, help: "--endpoint: give up after <ms> milliseconds (default 10000)" },
      { name: "conversation-id", flags: ["--conversation-id"], value: "<id>", needs: "an id", help: "gen_ai.conversation.id of the spans (a thread or session id)" },
      { name: "service-name", flags: ["--service-name"], value: "<name>", needs: "a name", help: "the resource's service.name (default agentchat-messages)" },
      { name: "require-end", flags: ["--require-end"], help: "a run stream without a TaskResult or Response failed (status ERROR), as ./ag-ui says" },
      { name: "output", flags: ["-o", "--output"], value: "<file>", needs: "a file name", help: "write to <file> instead of stdout" },
      MAX_ERRORS,
    ],
    examples: [
      "agentchat-messages trace run.jsonl > spans.json",
      "agentchat-messages trace --capture-content --endpoint \"$OTEL_EXPORTER_OTLP_ENDPOINT\" run.jsonl",
      "agentchat-messages trace --conversation-id thread-7 team_state.json -o spans.json",
    ],
    docs: "trace",
  },
};

/** The `--to` help: `the target (required):`, then one aligned line (or more) per target, from {@link CONVERT_TARGET_SPECS}. */
function targetHelp(): string {
  const width = Math.max(...CONVERT_TARGETS.map((t) => t.length)) + 2;
  const lines = CONVERT_TARGETS.map((t) => CONVERT_TARGET_SPECS[t].writes.split("\n").map((l, i) => `${(i === 0 ? t : "").padEnd(width)}${l}`).join("\n"));
  return `the target (required):\n${lines.join("\n")}`;
}

/** The options every command takes. */
const COMMON_OPTIONS: readonly OptionSpec[] = [{ name: "help", flags: ["-h", "--help"], help: "show this help" }];

/** A parsed command line. @example const a: ParsedArgs = parseArgs(["render", "--stats"]) */
export type ParsedArgs =
  /** No arguments at all: the usage goes to stderr (exit 2). */
  | { readonly kind: "usage" }
  | { readonly kind: "help"; readonly command?: Command }
  | { readonly kind: "version" }
  | { readonly kind: "error"; readonly message: string; readonly command?: Command }
  | RunArgs;

/** A command to run, with its input and options. @example const a = parseArgs(["validate", "--format", "json"]) as RunArgs */
export interface RunArgs {
  readonly kind: "run";
  readonly command: Command;
  /** The input file; undefined (or `-`) reads stdin. */
  readonly input: string | undefined;
  /** `render --stats`: Console's `output_stats`. */
  readonly stats: boolean;
  /** `render --inline-images`: iTerm2 inline images for MultiModalMessage. */
  readonly inlineImages: boolean;
  /** `render --html`: a self-contained HTML page instead of Console text. */
  readonly html: boolean;
  /** `render -o <file>`: write there instead of stdout. */
  readonly output: string | undefined;
  /** `convert --to <target>`. */
  readonly to: string | undefined;
  /** `convert --to openai --model <name>`: the model whose conversion rules apply. */
  readonly model: string | undefined;
  /** `convert --as <agent>`: the run as that AssistantAgent's model context (`toModelContext`). */
  readonly as: string | undefined;
  /** `validate --format`: the report for people or for programs. */
  readonly format: (typeof REPORT_FORMATS)[number];
  /** `--max-errors <n>`: how many invalid items to report (all when undefined). */
  readonly maxErrors: number | undefined;
  /** `trace --capture-content`: message text in the spans. */
  readonly captureContent: boolean;
  /** `trace --endpoint <url>`: POST the OTLP JSON there. */
  readonly endpoint: string | undefined;
  /** `trace --timeout <ms>`: the bound of the POST. */
  readonly timeoutMs: number | undefined;
  /** `trace --conversation-id <id>`. */
  readonly conversationId: string | undefined;
  /** `trace --service-name <name>`. */
  readonly serviceName: string | undefined;
  /** `trace --require-end`: a run without a TaskResult / Response failed. */
  readonly requireEnd: boolean;
}

const isCommand = (s: string | undefined): s is Command => (COMMANDS as readonly string[]).includes(s ?? "");

/** ` (did you mean "validate"?)` when `got` is a typo of one of `names`, else nothing. */
const near = (got: string, names: readonly string[]): string => {
  const hint = didYouMean(got, names);
  return hint === undefined ? "" : ` (${hint})`;
};

const unknownCommand = (got: string): string => `unknown command ${JSON.stringify(got)}${near(got, COMMANDS)}`;

/**
 * What `convert` says of a `--to` it does not know: ` (did you mean "openai"?)`, or nothing.
 *
 * @example targetHint("opnai") // ' (did you mean "openai"?)'
 */
export const targetHint = (got: string): string => near(got, CONVERT_TARGETS);

/**
 * Parses `process.argv.slice(2)`.
 *
 * @example parseArgs(["validate", "run.jsonl"]) // { kind: "run", command: "validate", input: "run.jsonl", … }
 */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  if (argv.length === 0) return { kind: "usage" };
  const [first, second] = argv;
  if (first === "-v" || first === "--version") return { kind: "version" };
  if (first === "help" || first === "-h" || first === "--help") {
    if (second === undefined) return { kind: "help" };
    return isCommand(second) ? { kind: "help", command: second } : { kind: "error", message: unknownCommand(second) };
  }
  if (!isCommand(first)) {
    return { kind: "error", message: first!.startsWith("-") ? `unknown option ${first}${near(first!, ["--help", "--version"])}` : unknownCommand(first!) };
  }
  const command = first;
  if (argv.includes("--help") || argv.includes("-h")) return { kind: "help", command };
  const specs = [...COMMAND_SPECS[command].options, ...COMMON_OPTIONS];
  const values = new Map<string, string | true>();
  let input: string | undefined;
  let sawInput = false;
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const [flag, inline] = eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
    if (flag.startsWith("-") && flag !== "-") {
      const spec = specs.find((s) => s.flags.includes(flag));
      if (!spec) return { kind: "error", command, message: `unknown option ${flag} for ${command}${near(flag, specs.flatMap((o) => o.flags.filter((f) => f.startsWith("--"))))}` };
      if (spec.value === undefined) {
        if (inline !== undefined) return { kind: "error", command, message: `${flag} takes no value` };
        values.set(spec.name, true);
        continue;
      }
      const value = inline ?? argv[++i];
      if (value === undefined || value === "") return { kind: "error", command, message: `${flag} needs ${spec.needs ?? `a value ${spec.value}`}` };
      if (spec.choices && !spec.choices.includes(value)) {
        return { kind: "error", command, message: `${flag} ${JSON.stringify(value)} is not one of ${spec.choices.join(", ")}` };
      }
      const problem = spec.check?.(value);
      if (problem) return { kind: "error", command, message: `${flag}: ${problem}` };
      values.set(spec.name, value);
    } else if (!sawInput) {
      sawInput = true;
      input = arg === "-" ? undefined : arg;
    } else {
      return { kind: "error", command, message: `unexpected argument ${JSON.stringify(arg)} (one input file at most)` };
    }
  }
  const text = (name: string): string | undefined => {
    const v = values.get(name);
    return typeof v === "string" ? v : undefined;
  };
  const maxErrors = text("max-errors");
  if (values.has("html") && (values.has("stats") || values.has("inline-images"))) {
    const flag = values.has("stats") ? "--stats" : "--inline-images";
    return { kind: "error", command, message: `${flag} applies to the Console text; the --html page always shows totals and images` };
  }
  return {
    kind: "run",
    command,
    input,
    stats: values.has("stats"),
    inlineImages: values.has("inline-images"),
    html: values.has("html"),
    output: text("output"),
    to: text("to"),
    model: text("model"),
    as: text("as"),
    format: (text("format") ?? "text") as RunArgs["format"],
    maxErrors: maxErrors === undefined ? undefined : Number(maxErrors),
    captureContent: values.has("capture-content"),
    endpoint: text("endpoint"),
    timeoutMs: text("timeout") === undefined ? undefined : Number(text("timeout")),
    conversationId: text("conversation-id"),
    serviceName: text("service-name"),
    requireEnd: values.has("require-end"),
  };
}
