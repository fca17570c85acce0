/**
 * The help texts, made from the command table (args.ts): the general help (`--help`, and the
 * usage on stderr when no argument is given) and each command's help with its examples.
 */
import { CLI_DOCS, COMMANDS, COMMAND_SPECS, type Command, type OptionSpec } from "./args.js";

const NAME = "agentchat-messages";
/** The width the general help's command list keeps to. */
const LINE = 100;

/** `  --flag <value>    help`, with continuation lines aligned under the help. */
function optionLines(options: readonly OptionSpec[]): string {
  const left = options.map((o) => `  ${o.flags.join(", ")}${o.value ? ` ${o.value}` : ""}`);
  const width = Math.max(...left.map((l) => l.length)) + 2;
  return options
    .map((o, i) => {
      const [head, ...rest] = o.help.split("\n");
      return [`${left[i]!.padEnd(width)}${head}`, ...rest.map((l) => `${" ".repeat(width + 2)}${l}`)].join("\n");
    })
    .join("\n");
}

const EXIT_STATUS = "Exit status: 0 all valid, 1 some items invalid, 2 usage or input error (unreadable, cut-off\nor broken input).";

/**
 * The general help: commands, common options, exit status.
 *
 * @example process.stdout.write(generalHelp())
 */
export function generalHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.length)) + 4;
  // A summary too long for the line goes on under itself, aligned.
  const summary = (text: string): string => {
    const room = LINE - 2 - width;
    const lines: string[] = [];
    let line = "";
    for (const word of text.split(" ")) {
      if (line && line.length + 1 + word.length > room) lines.push(line), (line = word);
      else line = line ? `${line} ${word}` : word;
    }
    return [...lines, line].join(`\n  ${" ".repeat(width)}`);
  };
  return `Usage: ${NAME} <command> [file] [options]

Validate, render, summarise and convert AutoGen 0.7 runs, saved states and component configs
(and Microsoft Agent Framework documents).

Commands:
${COMMANDS.map((c) => `  ${c.padEnd(width)}${summary(COMMAND_SPECS[c].summary)}`).join("\n")}

Options:
  -h, --help           show this help; with a command, that command's help and examples
  -v, --version        print the version

Run '${NAME} <command> --help' for a command's options and examples.
${EXIT_STATUS}
Documentation: ${CLI_DOCS}
`;
}

/**
 * The help of one command: usage, description, options, examples.
 *
 * @example process.stdout.write(commandHelp("validate"))
 */
export function commandHelp(command: Command): string {
  const spec = COMMAND_SPECS[command];
  const options = [...spec.options, { name: "help", flags: ["-h", "--help"], help: "show this help" }];
  return `Usage: ${NAME} ${command} [file] [options]

${spec.description}

The input is a file or, without one (or with -), stdin: JSON Lines (one item per line, read as a
stream), a JSON array, or one JSON document as Python's json.dump writes it (pretty-printed or
not); gzip-compressed too. An item is a message or event, a TaskResult / Response, a saved state
(save_state()) or a component config (dump_component()); the summaries say which. An empty
input has no items (and is valid); a document cut off or not valid JSON is one input error
saying where.

Options:
${optionLines(options)}

Examples:
${spec.examples.map((e) => `  ${e}`).join("\n")}

${EXIT_STATUS}
More: ${CLI_DOCS}#${spec.docs}
`;
}
