/**
 * Command-line parsing for `agentchat-messages`: a command, an optional input path, and a few
 * flags. Hand-written (no dependency); unknown flags are errors, not silently ignored.
 */

/** The commands the CLI knows. @example COMMANDS.includes("render") // true */
export const COMMANDS = ["validate", "render", "stats", "convert"] as const;
/** One of {@link COMMANDS}. @example const c: Command = "stats" */
export type Command = (typeof COMMANDS)[number];

/** A parsed command line. @example const a: ParsedArgs = parseArgs(["render", "--stats"]) */
export type ParsedArgs =
  | { readonly kind: "help" }
  | { readonly kind: "error"; readonly message: string }
  | {
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
    };

const FLAGS: Record<Command, readonly string[]> = {
  validate: [],
  render: ["--stats", "--inline-images", "--html", "-o", "--output"],
  stats: [],
  convert: ["--to", "--model", "--as"],
};

/**
 * Parses `process.argv.slice(2)`.
 *
 * @example parseArgs(["validate", "run.jsonl"]) // { kind: "run", command: "validate", input: "run.jsonl", … }
 */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  if (argv.length === 0 || argv.includes("--help") || argv.includes("-h") || argv[0] === "help") return { kind: "help" };
  const command = argv[0] as Command;
  if (!COMMANDS.includes(command)) return { kind: "error", message: `unknown command ${JSON.stringify(argv[0])}` };
  let input: string | undefined;
  let stats = false;
  let inlineImages = false;
  let to: string | undefined;
  let model: string | undefined;
  let html = false;
  let output: string | undefined;
  let as: string | undefined;
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    if (flag.startsWith("-") && flag !== "-") {
      if (!FLAGS[command].includes(flag)) return { kind: "error", message: `unknown option ${flag} for ${command}` };
      if (flag === "--to") {
        const value = inline ?? argv[++i];
        if (value === undefined || value === "") return { kind: "error", message: "--to needs a target (openai, anthropic, gemini, ai-sdk or agentscope)" };
        to = value;
      } else if (flag === "--model") {
        const value = inline ?? argv[++i];
        if (value === undefined || value === "") return { kind: "error", message: "--model needs a model name (e.g. gpt-4o)" };
        model = value;
      } else if (flag === "-o" || flag === "--output") {
        const value = inline ?? argv[++i];
        if (value === undefined || value === "") return { kind: "error", message: `${flag} needs a file name` };
        output = value;
      } else if (flag === "--html") html = true;
      else if (flag === "--as") {
        const value = inline ?? argv[++i];
        if (value === undefined || value === "") return { kind: "error", message: "--as needs an agent name (the source of its messages)" };
        as = value;
      } else if (flag === "--stats") stats = true;
      else inlineImages = true;
    } else if (input === undefined) {
      input = arg === "-" ? undefined : arg;
    } else {
      return { kind: "error", message: `unexpected argument ${JSON.stringify(arg)} (one input file at most)` };
    }
  }
  if (html && (stats || inlineImages)) {
    return { kind: "error", message: `${stats ? "--stats" : "--inline-images"} applies to the Console text; the --html page always shows totals and images` };
  }
  return { kind: "run", command, input, stats, inlineImages, html, output, to, model, as };
}

/**
 * The `--help` text.
 *
 * @example process.stdout.write(HELP)
 */
export const HELP = `Usage: agentchat-messages <command> [file] [options]

Validate, render and summarise AutoGen 0.7 message transcripts. The input is a file or,
without one (or with -), stdin; a JSON array of messages, or JSON Lines (one message per
line; read as a stream). TaskResult / Response objects are accepted as items too.

Commands:
  validate             check every message; report each invalid one with its line (JSON
                       Lines) or index (array) and the path of the problem; counts per kind
  render               print the run as AutoGen's Console does
      --stats          also print token usage and summaries (Console's output_stats)
      --inline-images  show MultiModalMessage images with iTerm2 inline escapes
      --html           write the run as one self-contained HTML page instead
      -o, --output <file>  write to <file> instead of stdout
  stats                counts per kind and per source, token totals, time span
  convert --to <target>
                       convert to another format: agentscope (AgentScope Msg dicts, one
                       JSON line each), openai (the Chat Completions messages array
                       AutoGen's OpenAI client sends for the chat messages; --model,
                       default gpt-4o), anthropic (the {system?, messages} AutoGen's
                       Anthropic client sends; --model, default claude-sonnet-4-20250514),
                       gemini ({systemInstruction?, contents}) or ai-sdk (AI SDK
                       ModelMessages)
      --as <agent>     openai, anthropic, gemini, ai-sdk: the model context that
                       AssistantAgent <agent> holds after the run (its own replies
                       and tool calls as assistant turns), not every chat message
                       as a user message

Options:
  -h, --help           show this help

Exit status: 0 all valid, 1 some items invalid, 2 usage or input error.
`;
