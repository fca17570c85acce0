/**
 * Where the team's turns started, replayed from its speaker rule (`RoundRobinGroupChat`,
 * `Swarm`, `GraphFlow`) where the stream does not show it: a turn that failed before yielding
 * anything, and the targets of a GraphFlow fan-out, which start together and stream one after
 * the other. The manager (`BaseGroupChatManager`) selects the next speakers once every active
 * speaker has answered, unless the run terminates (a `TaskResult` follows), and again after the
 * task of each run; a selection is reported as the `SelectSpeakerEvent` that
 * `emit_team_events=True` would have streamed, just before the first item it caused.
 */
import type { AgentMessage } from "../kinds.js";
import type { GraphEdge, Participant, SpeakerRule } from "./team-config.js";
import { KIND } from "../kind-groups.js";

/** What the replay needs of a message: is it a chat message, and its `to_model_text()`. */
export interface MessageFacts {
  isChat(m: AgentMessage): boolean;
  text(m: AgentMessage): string;
}

export class TeamTurns {
  /** The participant each source speaks for (its own, a wrapped or inner agent's, a nested team member's). */
  readonly #owner = new Map<string, number>();
  /** A run is under way (between its first item and its `TaskResult`). */
  #open = false;
  /** The manager selects speakers before the next participant's item. */
  #due = false;
  /** The stream has its own `SelectSpeakerEvent`s: it needs no replay. */
  #off = false;
  /** The speakers selected and not yet answered. */
  #active = new Set<number>();
  /** RoundRobin: the next speaker's index; Swarm: the current speaker's. */
  #next = 0;
  /** GraphFlow: the ready queue, the remaining parents per target and group, the groups each ready node was triggered by. */
  #ready: string[] = [];
  #remaining = new Map<string, number>();
  #triggered = new Map<string, Set<string>>();
  /** GraphFlow: the parents of each target and group ("all" groups), as the graph has them. */
  readonly #parents = new Map<string, number>();

  constructor(
    readonly rule: SpeakerRule,
    readonly facts: MessageFacts,
  ) {
    rule.participants.forEach((p, i) => p.streams.forEach((s) => this.#owner.has(s) || this.#owner.set(s, i)));
    if (rule.kind === "GraphFlow") for (const edges of rule.edges.values()) for (const e of edges) if (!e.any) this.#parents.set(key(e.target, e.group), (this.#parents.get(key(e.target, e.group)) ?? 0) + 1);
    this.#resetGraph();
  }

  /** `GraphFlowManager._reset_execution_state`: the start nodes ready, every group's parents remaining. */
  #resetGraph(): void {
    if (this.rule.kind !== "GraphFlow") return;
    this.#ready = [...this.rule.start];
    this.#remaining = new Map(this.#parents);
    this.#triggered.clear();
  }

  /** The speakers `select_speaker` returns now. */
  #select(): Participant[] {
    const { rule } = this;
    const n = rule.participants.length;
    if (n === 0) return [];
    if (rule.kind === "RoundRobinGroupChat") return [rule.participants[this.#next++ % n]!];
    if (rule.kind === "Swarm") return [rule.participants[this.#next]!];
    const names = this.#ready;
    this.#ready = [];
    for (const name of names) {
      // _reset_triggered_activation_groups: the groups that made it ready count again.
      for (const group of this.#triggered.get(name) ?? []) this.#remaining.set(key(name, group), this.#parents.get(key(name, group)) ?? 0);
      this.#triggered.delete(name);
    }
    return names.flatMap((name) => rule.participants.filter((p) => p.name === name));
  }

  /** The speakers whose turn starts before `m`, as the names a `SelectSpeakerEvent` would carry (wrapped agents added). */
  before(m: AgentMessage): string[] | undefined {
    if (this.#off) return;
    if (m.type === KIND.SelectSpeakerEvent) {
      this.#off = true;
      return;
    }
    if (!this.#open) this.#open = this.#due = true;
    // A participant's item when nobody is active: a selection happened (e.g. after a run whose TaskResult is not in the items).
    if ((this.#due || this.#active.size === 0) && this.#owner.has(m.source)) return this.#start();
  }

  #start(): string[] | undefined {
    this.#due = false;
    const speakers = this.#select();
    this.#active = new Set(speakers.map((p) => this.rule.participants.indexOf(p)));
    return speakers.length > 0 ? speakers.flatMap((p) => p.speaks) : undefined;
  }

  /** `m` was published: a speaker's answer ends its turn; a `HandoffMessage` picks Swarm's next speaker. */
  after(m: AgentMessage): void {
    const { rule } = this;
    if (rule.kind === "Swarm" && m.type === KIND.HandoffMessage) {
      const i = rule.participants.findIndex((p) => p.name === (m as { target: string }).target);
      if (i >= 0) this.#next = i;
    }
    const i = this.#owner.get(m.source);
    if (i === undefined || !this.#active.has(i) || !rule.participants[i]!.speaks.includes(m.source) || !this.facts.isChat(m)) return;
    this.#active.delete(i);
    if (rule.kind === "GraphFlow" && rule.edges.has(m.source)) this.#propagate(rule.edges.get(m.source)!, m);
    if (this.#active.size > 0) return;
    // Every active speaker answered: the manager checks termination, then selects.
    if (rule.kind === "GraphFlow" && this.#ready.length === 0) this.#resetGraph(); // "Digraph execution is complete"
    else this.#due = true;
  }

  /** `GraphFlowManager.update_message_thread`: the answer's edges whose condition holds count towards their targets. */
  #propagate(edges: readonly GraphEdge[], m: AgentMessage): void {
    let text: string | undefined;
    for (const e of edges) {
      if (e.condition !== null && !(text ??= this.facts.text(m)).includes(e.condition)) continue;
      if (!e.any) {
        const left = (this.#remaining.get(key(e.target, e.group)) ?? 0) - 1;
        this.#remaining.set(key(e.target, e.group), left);
        if (left !== 0) continue;
      } else if (this.#triggered.get(e.target)?.has(e.group)) continue; // enqueued once per group until selected
      this.#ready.push(e.target);
      this.#triggered.set(e.target, (this.#triggered.get(e.target) ?? new Set()).add(e.group));
    }
  }

  /** The run ended with a `TaskResult`: it terminated, so no speaker was selected after the last answer. */
  runEnd(): void {
    this.#open = this.#due = false;
  }

  /** The speakers whose turn had started when the items end: a run without a `TaskResult` selected them before it stopped. */
  end(): string[] | undefined {
    if (!this.#off && this.#open && this.#due) return this.#start();
  }
}

const key = (target: string, group: string) => `${target}\u0000${group}`;
