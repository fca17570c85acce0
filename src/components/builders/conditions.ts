/**
 * Termination condition builders. Each returns the component `dump_component()` writes, with
 * `.and()` / `.or()` to combine them as Python's `&` / `|` do (pairwise: `a.or(b).or(c)` is
 * `Or(Or(a, b), c)`).
 */
import type { ComponentsByRole } from "../roles.js";
import * as C from "../catalog/conditions.js";
import { checkOptions, instantiate } from "./build.js";

/** Any termination condition component. */
export type TerminationComponent = ComponentsByRole["termination"];

/** `.and()` / `.or()` on a built condition (non-enumerable: JSON and dumps see only the component). */
export interface Combinable {
  /**
   * `self & other`: an `AndTerminationCondition` of the two.
   *
   * @example maxMessages(20).and(textMention("APPROVE"))
   */
  and(other: TerminationComponent): Termination<C.AndTerminationConditionComponent>;
  /**
   * `self | other`: an `OrTerminationCondition` of the two.
   *
   * @example maxMessages(10).or(textMention("TERMINATE"))
   */
  or(other: TerminationComponent): Termination<C.OrTerminationConditionComponent>;
}

/** A termination condition component that can be combined with `.and()` / `.or()`. */
export type Termination<T extends TerminationComponent = TerminationComponent> = T & Combinable;

function and(this: TerminationComponent, other: TerminationComponent) {
  return combinable(instantiate(C.AndTerminationCondition, { conditions: [this, other] }));
}

function or(this: TerminationComponent, other: TerminationComponent) {
  return combinable(instantiate(C.OrTerminationCondition, { conditions: [this, other] }));
}

/**
 * Gives a termination component `.and()` / `.or()` (e.g. one from `loadComponent`), as
 * non-enumerable properties: the object stays a plain component for JSON, dumps and equality.
 *
 * @example combinable(loadComponent(json) as TerminationComponent).or(stopMessage())
 */
export function combinable<T extends TerminationComponent>(component: T): Termination<T> {
  return Object.defineProperties({ ...component }, {
    and: { value: and, enumerable: false, writable: true, configurable: true },
    or: { value: or, enumerable: false, writable: true, configurable: true },
  }) as Termination<T>;
}

/**
 * `MaxMessageTermination(max_messages, include_agent_event=False)`.
 *
 * @example maxMessages(10) // config: { max_messages: 10, include_agent_event: false }
 */
export function maxMessages(max: number, options?: { includeAgentEvent?: boolean }): Termination<C.MaxMessageTerminationComponent> {
  checkOptions(C.MaxMessageTermination, options);
  return combinable(instantiate(C.MaxMessageTermination, { max_messages: max, include_agent_event: options?.includeAgentEvent }));
}

/**
 * `TextMentionTermination(text)` (its `sources` are not part of the config).
 *
 * @example textMention("TERMINATE")
 */
export function textMention(text: string): Termination<C.TextMentionTerminationComponent> {
  return combinable(instantiate(C.TextMentionTermination, { text }));
}

/**
 * `StopMessageTermination()`.
 *
 * @example stopMessage()
 */
export function stopMessage(): Termination<C.StopMessageTerminationComponent> {
  return combinable(instantiate(C.StopMessageTermination, {}));
}

/**
 * `TokenUsageTermination(max_total_token=None, max_prompt_token=None, max_completion_token=None)`.
 *
 * @example tokenUsage({ maxTotalToken: 10_000 })
 */
export function tokenUsage(limits: { maxTotalToken?: number; maxPromptToken?: number; maxCompletionToken?: number }): Termination<C.TokenUsageTerminationComponent> {
  checkOptions(C.TokenUsageTermination, limits);
  return combinable(instantiate(C.TokenUsageTermination, {
    max_total_token: limits.maxTotalToken,
    max_prompt_token: limits.maxPromptToken,
    max_completion_token: limits.maxCompletionToken,
  }));
}

/**
 * `HandoffTermination(target)`.
 *
 * @example handoffTermination("user")
 */
export function handoffTermination(target: string): Termination<C.HandoffTerminationComponent> {
  return combinable(instantiate(C.HandoffTermination, { target }));
}

/**
 * `TimeoutTermination(timeout_seconds)`.
 *
 * @example timeoutTermination(300) // dumped as 300.0 by dumpComponentJson
 */
export function timeoutTermination(seconds: number): Termination<C.TimeoutTerminationComponent> {
  return combinable(instantiate(C.TimeoutTermination, { timeout_seconds: seconds }));
}

/**
 * `ExternalTermination()`.
 *
 * @example externalTermination()
 */
export function externalTermination(): Termination<C.ExternalTerminationComponent> {
  return combinable(instantiate(C.ExternalTermination, {}));
}

/**
 * `SourceMatchTermination(sources)`.
 *
 * @example sourceMatch(["critic"])
 */
export function sourceMatch(sources: readonly string[]): Termination<C.SourceMatchTerminationComponent> {
  return combinable(instantiate(C.SourceMatchTermination, { sources: [...sources] }));
}

/**
 * `TextMessageTermination(source=None)`.
 *
 * @example textMessageTermination("writer")
 */
export function textMessageTermination(source?: string): Termination<C.TextMessageTerminationComponent> {
  return combinable(instantiate(C.TextMessageTermination, { source }));
}

/**
 * `FunctionCallTermination(function_name)`.
 *
 * @example functionCallTermination("approve")
 */
export function functionCallTermination(functionName: string): Termination<C.FunctionCallTerminationComponent> {
  return combinable(instantiate(C.FunctionCallTermination, { function_name: functionName }));
}
