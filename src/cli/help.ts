/**
 * The help texts, made from the command table (args.ts): the general help (`--help`, and the
 * usage on stderr when no argument is given) and each command's help with its examples.
 */
import { COMMANDS, COMMAND_SPECS, type Command, type OptionSpec } from "./args.js";

const NAME = "agentchat-messages";

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

const EXIT_STATUS = "Exit status: 0 all valid, 1 some items invalid, 2 usage or input error.";

/**
 * The general help: commands, common options, exit status.
 *
 * @example process.stdout.write(generalHelp())
 */
export function generalHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.length)) + 4;
  return `Usage: ${NAME} <command> [file] [options]

Validate, render, summarise and convert AutoGen 0.7 message transcripts.

Commands:
${COMMANDS.map((c) => `  ${c.padEnd(width)}${COMMAND_SPECS[c].summary}`).join("\n")}

Options:
  -h, --help           show this help; with a command, that command's help and examples
  -v, --version        print the version

Run '${NAME} <command> --help' for a command's options and examples.
${EXIT_STATUS}
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
input has no items (and is valid).

Options:
${optionLines(options)}

Examples:
${spec.examples.map((e) => `  ${e}`).join("\n")}

${EXIT_STATUS}
`;
}
