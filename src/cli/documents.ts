/**
 * What the CLI shows of the two documents that are not runs: a saved state (`save_state()`, see
 * `./state`) and a component config (`dump_component()`, see `./components`). A state is shown
 * through its threads (the messages it holds, as the Console prints them); a component config as
 * the outline of its components.
 */
import type { AnyComponent } from "../components/roles.js";
import { ConsoleRenderer } from "../console/renderer.js";
import type { AgentMessage } from "../kinds.js";
import type { LLMMessage } from "../schemas/llm-messages.js";
import { formatPath } from "../errors.js";
import type { AnyState } from "../state/schemas.js";
import { stateThreads, type StateThread } from "../state/threads.js";
import { isObject } from "../wire/json-data.js";


/**
 * The messages of a state's message threads and buffers, each once (a team's manager thread and
 * its participants' buffers hold the same messages: the first place wins), in order.
 *
 * @example stateMessages(teamState).map((m) => m.type) // ["TextMessage", "TextMessage"]
 */
export function stateMessages(state: AnyState): AgentMessage[] {
  const seen = new Set<string>();
  const out: AgentMessage[] = [];
  for (const t of stateThreads(state)) {
    if (t.kind === "llm_context") continue;
    for (const m of t.messages) {
      if (typeof m.id === "string" && m.id !== "") {
        if (seen.has(m.id)) continue;
        seen.add(m.id);
      }
      out.push(m);
    }
  }
  return out;
}

/** The model-context messages of a state (every `llm_context`), in order. @example stateContextMessages(agentState).length // 2 */
export function stateContextMessages(state: AnyState): LLMMessage[] {
  return stateThreads(state).flatMap((t) => (t.kind === "llm_context" ? [...t.messages] : []));
}

/** One part of an `LLMMessage`'s content as text. */
function partText(part: unknown): string {
  if (typeof part === "string") return part;
  if (isObject(part)) {
    if (typeof part.name === "string" && typeof part.arguments === "string") return `${part.name}(${part.arguments})`; // FunctionCall
    if (typeof part.call_id === "string" && "content" in part) return `${part.call_id}: ${String(part.content)}`; // FunctionExecutionResult
    if ("data" in part) return "<image>";
  }
  return JSON.stringify(part) ?? String(part);
}

/** A model-context message as the Console frames a message: a header line, then its content. */
function llmText(m: LLMMessage): string {
  const source = "source" in m && typeof m.source === "string" ? ` (${m.source})` : "";
  const content = Array.isArray(m.content) ? m.content.map(partText).join("\n") : String(m.content);
  return `---------- ${m.type}${source} ----------\n${content}\n`;
}

function threadTitle(t: StateThread): string {
  const count = `${t.messages.length} message${t.messages.length === 1 ? "" : "s"}`;
  return `==== ${t.path.length ? formatPath(t.path) : t.kind} (${count}) ====\n`;
}

/**
 * A saved state as text: what it is, then each thread (manager threads, participants' buffers,
 * model contexts) under its path, its messages as AutoGen's Console prints them.
 *
 * @example await out(stateText(state, "TeamState"))
 */
export function stateText(state: AnyState, kind: string): string {
  const threads = stateThreads(state);
  let text = `${kind} (saved state): ${threads.length} thread${threads.length === 1 ? "" : "s"}\n`;
  for (const t of threads) {
    text += threadTitle(t);
    if (t.kind === "llm_context") for (const m of t.messages) text += llmText(m);
    else {
      const console = new ConsoleRenderer();
      for (const m of t.messages) text += console.write(m);
    }
  }
  return text;
}

/** One component of an outline: where it is in its parent's config, and the component. */
interface ComponentNode {
  readonly at: string;
  readonly depth: number;
  readonly component: Record<string, unknown>;
}

const isComponentModel = (v: unknown): v is Record<string, unknown> => isObject(v) && typeof v.provider === "string" && isObject(v.config);

/** Every component of a config, the top one first, depth-first in config order. */
export function componentNodes(component: AnyComponent): ComponentNode[] {
  const out: ComponentNode[] = [];
  const visit = (c: Record<string, unknown>, at: string, depth: number) => {
    out.push({ at, depth, component: c });
    const walk = (v: unknown, path: string) => {
      if (isComponentModel(v)) visit(v, path, depth + 1);
      else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}[${i}]`));
      else if (isObject(v)) for (const [k, x] of Object.entries(v)) walk(x, `${path}.${k}`);
    };
    for (const [k, v] of Object.entries(c.config as Record<string, unknown>)) walk(v, k);
  };
  visit(component as unknown as Record<string, unknown>, "", 0);
  return out;
}

/**
 * A component config as an outline: each component on its own line, indented under the one whose
 * config holds it, with where it sits, its provider, its type and its name or model.
 *
 * @example componentText(team, "autogen_agentchat.teams.RoundRobinGroupChat") // "… (component config)\nautogen_agentchat.teams.RoundRobinGroupChat [team]\n  participants[0]: …"
 */
export function componentText(component: AnyComponent, kind: string): string {
  let text = `${kind} (component config)\n`;
  for (const { at, depth, component: c } of componentNodes(component)) {
    const config = c.config as Record<string, unknown>;
    const type = typeof c.component_type === "string" ? ` [${c.component_type}]` : "";
    const name = typeof config.name === "string" ? ` name=${JSON.stringify(config.name)}` : typeof config.model === "string" ? ` model=${JSON.stringify(config.model)}` : "";
    text += `${"  ".repeat(depth)}${at ? `${at}: ` : ""}${String(c.provider)}${type}${name}\n`;
  }
  return text;
}
