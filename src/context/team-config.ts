/**
 * Reading a team's component config (`dump_component()` JSON, or what `loadComponent` returns:
 * the same shape) for what it tells `toModelContext` that the streamed items cannot: how the
 * team picks its speakers, which agents form a `SocietyOfMindAgent`'s inner team, which filter
 * a `MessageFilterAgent` applies. Only those fields are read (a small local reader rather than
 * `./components`' loader, which would bring every component class's schema into `./context`);
 * each is checked, and a bad one reported with its path under `team`.
 */
import type { IssuePath, MessageIssue } from "../errors.js";
import { safeParseWith } from "../parse.js";
import { MessageFilterConfig } from "../schemas/message-filter.js";
import { expected } from "./views.js";
import { isObject } from "../wire/json-data.js";

/** A participant of the team: its name and the sources of the chat messages that answer its turn. */
export interface Participant {
  readonly name: string;
  /** Its own name, and a `MessageFilterAgent`'s wrapped agent (whose messages it passes on). */
  readonly speaks: readonly string[];
  /** Every source its turn streams: `speaks`, a SocietyOfMindAgent's or a nested team's members. */
  readonly streams: readonly string[];
}

/** `DiGraphEdge` as far as the run needs it. */
export interface GraphEdge {
  readonly target: string;
  readonly condition: string | null;
  readonly group: string;
  readonly any: boolean;
}

/** How the team picks its speakers, where that is decided by its config. */
export type SpeakerRule =
  | { readonly kind: "RoundRobinGroupChat" | "Swarm"; readonly participants: readonly Participant[] }
  | { readonly kind: "GraphFlow"; readonly participants: readonly Participant[]; readonly edges: ReadonlyMap<string, readonly GraphEdge[]>; readonly start: readonly string[] };

/** What the team's config tells `toModelContext`. */
export interface TeamPlan {
  speakers: SpeakerRule | undefined;
  /** `{ <SocietyOfMindAgent>: [<inner agent names>] }`, for every SocietyOfMindAgent in the config. */
  readonly innerTeams: Record<string, string[]>;
  /** The filter of the `MessageFilterAgent` wrapping each agent, by the agent's name. */
  readonly filters: Map<string, MessageFilterConfig>;
}


/** The AutoGen class of a provider (`autogen_agentchat.teams.GraphFlow` → `GraphFlow`; aliases by module path alike). */
const classOf = (provider: string) => (provider.startsWith("autogen_agentchat.") ? provider.slice(provider.lastIndexOf(".") + 1) : "");

const TEAMS = ["RoundRobinGroupChat", "SelectorGroupChat", "Swarm", "MagenticOneGroupChat", "GraphFlow"];

/**
 * The plan in a team's (or agent's) component config; every problem is pushed to `issues` with
 * its path (`team.config.participants[1].config.name: expected a string, got number 3`).
 */
export function readTeam(team: unknown, issues: MessageIssue[]): TeamPlan {
  // A null-prototype record: an agent named "__proto__" is a key like any other.
  const plan: TeamPlan = { speakers: undefined, innerTeams: Object.create(null) as Record<string, string[]>, filters: new Map() };
  /** The components being read, outermost first: a config that contains itself is refused, not followed forever. */
  const reading = new Set<unknown>();
  const bad = (path: IssuePath, code: string, what: string, got: unknown) => void issues.push(expected(path, code, what, got));

  /** `{ provider, config }` at `path`: the class and config, or undefined (reported). */
  function component(v: unknown, path: IssuePath): [string, Record<string, unknown>] | undefined {
    if (!isObject(v)) return bad(path, "model_type", "a component { provider, config }", v);
    if (typeof v.provider !== "string") return bad([...path, "provider"], "string_type", "a string", v.provider);
    if (!isObject(v.config)) return bad([...path, "config"], "dict_type", "an object", v.config);
    return [classOf(v.provider), v.config];
  }

  const str = (v: unknown, path: IssuePath, what = "a string") => (typeof v === "string" ? v : bad(path, "string_type", what, v));

  /** A team's participants (read in turn), or undefined when it has none to read. */
  function participants(config: Record<string, unknown>, path: IssuePath): Participant[] | undefined {
    const list = config.participants;
    if (!Array.isArray(list)) return bad([...path, "participants"], "list_type", "a list of components", list);
    return list.flatMap((p, i) => read(p, [...path, "participants", i]) ?? []);
  }

  /** A component of the config: a participant as the team sees it, its inner parts noted in `plan`. */
  function read(v: unknown, path: IssuePath): Participant | undefined {
    if (reading.has(v)) return bad(path, "value_error", "a component that does not contain itself", v);
    reading.add(v);
    try {
      return readComponent(v, path);
    } finally {
      reading.delete(v);
    }
  }

  function readComponent(v: unknown, path: IssuePath): Participant | undefined {
    const c = component(v, path);
    if (!c) return;
    const [cls, config] = c;
    const at = [...path, "config"];
    const name = config.name === undefined && TEAMS.includes(cls) ? cls : str(config.name, [...at, "name"]);
    const self: Participant = { name: name ?? "", speaks: [name ?? ""], streams: [name ?? ""] };
    if (cls === "SocietyOfMindAgent") {
      const inner = read(config.team, [...at, "team"]);
      if (inner && name !== undefined) plan.innerTeams[name] = inner.streams.filter((s) => s !== inner.name);
      return self;
    }
    if (cls === "MessageFilterAgent") {
      const inner = read(config.wrapped_agent, [...at, "wrapped_agent"]);
      const r = safeParseWith(MessageFilterConfig, config.filter, "MessageFilterConfig");
      if (!r.success) issues.push(...r.error.issues.map((issue) => ({ ...issue, path: [...at, "filter", ...issue.path] })));
      else if (inner) plan.filters.set(inner.name, r.data);
      return inner && { name: self.name, speaks: [self.name, ...inner.speaks], streams: [self.name, ...inner.streams] };
    }
    if (!TEAMS.includes(cls) && config.participants === undefined) return self;
    const members = participants(config, at) ?? [];
    return { ...self, streams: [self.name, ...members.flatMap((m) => m.streams)] };
  }

  const top = component(team, ["team"]);
  if (!top) return plan;
  const [cls, config] = top;
  if (!TEAMS.includes(cls)) {
    // An agent run alone: only a SocietyOfMindAgent or a MessageFilterAgent says more than the stream.
    if (cls === "SocietyOfMindAgent" || cls === "MessageFilterAgent") read(team, ["team"]);
    return plan;
  }
  reading.add(team);
  const members = participants(config, ["team", "config"]) ?? [];
  if (cls === "RoundRobinGroupChat" || cls === "Swarm") plan.speakers = { kind: cls, participants: members };
  if (cls === "GraphFlow") {
    const graph = readGraph(config.graph, ["team", "config", "graph"], bad);
    if (graph) plan.speakers = { kind: cls, participants: members, ...graph };
  }
  return plan;
}

type Bad = (path: IssuePath, code: string, what: string, got: unknown) => undefined;

/** `DiGraph` (`{ nodes: { <name>: { edges: [...] } }, default_start_node }`): each node's edges and the start nodes. */
function readGraph(graph: unknown, path: IssuePath, bad: Bad): { edges: Map<string, GraphEdge[]>; start: string[] } | undefined {
  if (!isObject(graph)) return bad(path, "dict_type", "the graph { nodes, default_start_node }", graph);
  if (!isObject(graph.nodes)) return bad([...path, "nodes"], "dict_type", "an object { <node name>: { edges } }", graph.nodes);
  const names = Object.keys(graph.nodes);
  const edges = new Map<string, GraphEdge[]>();
  const parents = new Set<string>();
  for (const name of names) {
    const node = graph.nodes[name];
    const at = [...path, "nodes", name];
    const list = isObject(node) ? node.edges : bad(at, "dict_type", "a node { edges }", node);
    if (!Array.isArray(list)) {
      if (isObject(node)) bad([...at, "edges"], "list_type", "a list of edges", list);
      continue;
    }
    edges.set(
      name,
      list.flatMap((e, i) => {
        const p = [...at, "edges", i];
        if (!isObject(e)) return bad(p, "dict_type", "an edge { target, condition, activation_group, activation_condition }", e) ?? [];
        const { target, condition = null, activation_group: group = "", activation_condition: when = "all" } = e;
        if (typeof target !== "string" || !names.includes(target)) return bad([...p, "target"], "value_error", `a node of the graph (${names.join(", ")})`, target) ?? [];
        if (condition !== null && typeof condition !== "string") return bad([...p, "condition"], "string_type", "a string or null (a callable condition is not dumped)", condition) ?? [];
        if (typeof group !== "string") return bad([...p, "activation_group"], "string_type", "a string", group) ?? [];
        if (when !== "all" && when !== "any") return bad([...p, "activation_condition"], "literal_error", '"all" | "any"', when) ?? [];
        parents.add(target);
        return [{ target, condition, group: group || target, any: when === "any" }];
      }),
    );
  }
  const first = graph.default_start_node;
  if (first !== undefined && first !== null && (typeof first !== "string" || !names.includes(first))) return bad([...path, "default_start_node"], "value_error", "a node of the graph or null", first);
  return { edges, start: typeof first === "string" ? [first] : names.filter((n) => !parents.has(n)) };
}
