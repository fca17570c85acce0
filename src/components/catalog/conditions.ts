/**
 * Termination conditions (`autogen_agentchat.conditions`, `autogen_agentchat.base`): their
 * config classes and component classes.
 */
import * as z from "zod/mini";
import { LaxBool, LaxFloat, LaxInt } from "../../wire/fields.js";
import { define } from "../../define.js";
import { component, componentClass, type ComponentOf } from "../component.js";
import { model, nul, nulRequired, opt } from "../fields.js";

const AGENTCHAT = "autogen_agentchat";
const TERMINATIONS = `${AGENTCHAT}.conditions._terminations`;

/** What every termination condition shares: component type and role. */
const termination = { component_type: "termination", component_version: 1, roles: ["termination"] } as const;

/**
 * `StopMessageTerminationConfig`: no fields.
 *
 * @example StopMessageTerminationConfig.parse({}) // {}
 */
export const StopMessageTerminationConfig = /* @__PURE__ */ define(() => model("StopMessageTerminationConfig", {}));
/** `StopMessageTerminationConfig`. */
export interface StopMessageTerminationConfig extends z.output<typeof StopMessageTerminationConfig> {}
/** A `StopMessageTermination` component. */
export interface StopMessageTerminationComponent extends ComponentOf<"autogen_agentchat.conditions.StopMessageTermination", StopMessageTerminationConfig> {}
/** The `StopMessageTermination` class. */
export const StopMessageTermination = /* @__PURE__ */ componentClass<StopMessageTerminationComponent>("autogen_agentchat.conditions.StopMessageTermination", TERMINATIONS, {
  ...termination,
  description: "Terminate the conversation if a StopMessage is received.",
  config: StopMessageTerminationConfig,
});

/**
 * `MaxMessageTerminationConfig`.
 *
 * @example MaxMessageTerminationConfig.parse({ max_messages: "10" }) // { max_messages: 10 }
 */
export const MaxMessageTerminationConfig = /* @__PURE__ */ define(() => model("MaxMessageTerminationConfig", {
  max_messages: LaxInt,
  include_agent_event: opt(LaxBool, false),
}));
/** `MaxMessageTerminationConfig`. */
export interface MaxMessageTerminationConfig extends z.output<typeof MaxMessageTerminationConfig> {}
/** A `MaxMessageTermination` component. */
export interface MaxMessageTerminationComponent extends ComponentOf<"autogen_agentchat.conditions.MaxMessageTermination", MaxMessageTerminationConfig> {}
/** The `MaxMessageTermination` class. */
export const MaxMessageTermination = /* @__PURE__ */ componentClass<MaxMessageTerminationComponent>("autogen_agentchat.conditions.MaxMessageTermination", TERMINATIONS, {
  ...termination,
  description: "Terminate the conversation after a maximum number of messages have been exchanged.",
  config: MaxMessageTerminationConfig,
});

/**
 * `TextMentionTerminationConfig` (the condition's `sources` are not part of it: AutoGen drops them).
 *
 * @example TextMentionTerminationConfig.parse({ text: "TERMINATE" })
 */
export const TextMentionTerminationConfig = /* @__PURE__ */ define(() => model("TextMentionTerminationConfig", {
  text: z.string(),
}));
/** `TextMentionTerminationConfig`. */
export interface TextMentionTerminationConfig extends z.output<typeof TextMentionTerminationConfig> {}
/** A `TextMentionTermination` component. */
export interface TextMentionTerminationComponent extends ComponentOf<"autogen_agentchat.conditions.TextMentionTermination", TextMentionTerminationConfig> {}
/** The `TextMentionTermination` class. */
export const TextMentionTermination = /* @__PURE__ */ componentClass<TextMentionTerminationComponent>("autogen_agentchat.conditions.TextMentionTermination", TERMINATIONS, {
  ...termination,
  description: "Terminate the conversation if a specific text is mentioned.",
  config: TextMentionTerminationConfig,
});

/**
 * `TokenUsageTerminationConfig`: the three limits are required by AutoGen but `None` ones are
 * left out of its dumps, so each may be absent here.
 *
 * @example TokenUsageTerminationConfig.parse({ max_total_token: 1000 })
 */
export const TokenUsageTerminationConfig = /* @__PURE__ */ define(() => model("TokenUsageTerminationConfig", {
  max_total_token: nulRequired(LaxInt),
  max_prompt_token: nulRequired(LaxInt),
  max_completion_token: nulRequired(LaxInt),
}));
/** `TokenUsageTerminationConfig`. */
export interface TokenUsageTerminationConfig extends z.output<typeof TokenUsageTerminationConfig> {}
/** A `TokenUsageTermination` component. */
export interface TokenUsageTerminationComponent extends ComponentOf<"autogen_agentchat.conditions.TokenUsageTermination", TokenUsageTerminationConfig> {}
/** The `TokenUsageTermination` class. */
export const TokenUsageTermination = /* @__PURE__ */ componentClass<TokenUsageTerminationComponent>("autogen_agentchat.conditions.TokenUsageTermination", TERMINATIONS, {
  ...termination,
  description: "Terminate the conversation if a token usage limit is reached.",
  config: TokenUsageTerminationConfig,
});

/**
 * `HandoffTerminationConfig`.
 *
 * @example HandoffTerminationConfig.parse({ target: "user" })
 */
export const HandoffTerminationConfig = /* @__PURE__ */ define(() => model("HandoffTerminationConfig", {
  target: z.string(),
}));
/** `HandoffTerminationConfig`. */
export interface HandoffTerminationConfig extends z.output<typeof HandoffTerminationConfig> {}
/** A `HandoffTermination` component. */
export interface HandoffTerminationComponent extends ComponentOf<"autogen_agentchat.conditions.HandoffTermination", HandoffTerminationConfig> {}
/** The `HandoffTermination` class. */
export const HandoffTermination = /* @__PURE__ */ componentClass<HandoffTerminationComponent>("autogen_agentchat.conditions.HandoffTermination", TERMINATIONS, {
  ...termination,
  description: "Terminate the conversation if a :class:`~autogen_agentchat.messages.HandoffMessage`\n    with the given target is received.",
  config: HandoffTerminationConfig,
});

/**
 * `TimeoutTerminationConfig` (`timeout_seconds` is a float: `300` is dumped `300.0`).
 *
 * @example TimeoutTerminationConfig.parse({ timeout_seconds: 300 })
 */
export const TimeoutTerminationConfig = /* @__PURE__ */ define(() => model("TimeoutTerminationConfig", {
  timeout_seconds: LaxFloat,
}));
/** `TimeoutTerminationConfig`. */
export interface TimeoutTerminationConfig extends z.output<typeof TimeoutTerminationConfig> {}
/** A `TimeoutTermination` component. */
export interface TimeoutTerminationComponent extends ComponentOf<"autogen_agentchat.conditions.TimeoutTermination", TimeoutTerminationConfig> {}
/** The `TimeoutTermination` class. */
export const TimeoutTermination = /* @__PURE__ */ componentClass<TimeoutTerminationComponent>("autogen_agentchat.conditions.TimeoutTermination", TERMINATIONS, {
  ...termination,
  description: "Terminate the conversation after a specified duration has passed.",
  config: TimeoutTerminationConfig,
});

/**
 * `ExternalTerminationConfig`: no fields.
 *
 * @example ExternalTerminationConfig.parse({})
 */
export const ExternalTerminationConfig = /* @__PURE__ */ define(() => model("ExternalTerminationConfig", {}));
/** `ExternalTerminationConfig`. */
export interface ExternalTerminationConfig extends z.output<typeof ExternalTerminationConfig> {}
/** An `ExternalTermination` component. */
export interface ExternalTerminationComponent extends ComponentOf<"autogen_agentchat.conditions.ExternalTermination", ExternalTerminationConfig> {}
/** The `ExternalTermination` class. */
export const ExternalTermination = /* @__PURE__ */ componentClass<ExternalTerminationComponent>("autogen_agentchat.conditions.ExternalTermination", TERMINATIONS, {
  ...termination,
  description: "A termination condition that is externally controlled\n    by calling the :meth:`set` method.",
  config: ExternalTerminationConfig,
});

/**
 * `SourceMatchTerminationConfig`.
 *
 * @example SourceMatchTerminationConfig.parse({ sources: ["critic"] })
 */
export const SourceMatchTerminationConfig = /* @__PURE__ */ define(() => model("SourceMatchTerminationConfig", {
  sources: z.array(z.string()),
}));
/** `SourceMatchTerminationConfig`. */
export interface SourceMatchTerminationConfig extends z.output<typeof SourceMatchTerminationConfig> {}
/** A `SourceMatchTermination` component. */
export interface SourceMatchTerminationComponent extends ComponentOf<"autogen_agentchat.conditions.SourceMatchTermination", SourceMatchTerminationConfig> {}
/** The `SourceMatchTermination` class. */
export const SourceMatchTermination = /* @__PURE__ */ componentClass<SourceMatchTerminationComponent>("autogen_agentchat.conditions.SourceMatchTermination", TERMINATIONS, {
  ...termination,
  description: "Terminate the conversation after a specific source responds.",
  config: SourceMatchTerminationConfig,
});

/**
 * `TextMessageTerminationConfig`.
 *
 * @example TextMessageTerminationConfig.parse({ source: "writer" })
 */
export const TextMessageTerminationConfig = /* @__PURE__ */ define(() => model("TextMessageTerminationConfig", {
  source: nul(z.string()),
}));
/** `TextMessageTerminationConfig`. */
export interface TextMessageTerminationConfig extends z.output<typeof TextMessageTerminationConfig> {}
/** A `TextMessageTermination` component. */
export interface TextMessageTerminationComponent extends ComponentOf<"autogen_agentchat.conditions.TextMessageTermination", TextMessageTerminationConfig> {}
/** The `TextMessageTermination` class. */
export const TextMessageTermination = /* @__PURE__ */ componentClass<TextMessageTerminationComponent>("autogen_agentchat.conditions.TextMessageTermination", TERMINATIONS, {
  ...termination,
  description: "Terminate the conversation if a :class:`~autogen_agentchat.messages.TextMessage` is received.",
  config: TextMessageTerminationConfig,
});

/**
 * `FunctionCallTerminationConfig`.
 *
 * @example FunctionCallTerminationConfig.parse({ function_name: "approve" })
 */
export const FunctionCallTerminationConfig = /* @__PURE__ */ define(() => model("FunctionCallTerminationConfig", {
  function_name: z.string(),
}));
/** `FunctionCallTerminationConfig`. */
export interface FunctionCallTerminationConfig extends z.output<typeof FunctionCallTerminationConfig> {}
/** A `FunctionCallTermination` component. */
export interface FunctionCallTerminationComponent extends ComponentOf<"autogen_agentchat.conditions.FunctionCallTermination", FunctionCallTerminationConfig> {}
/** The `FunctionCallTermination` class. */
export const FunctionCallTermination = /* @__PURE__ */ componentClass<FunctionCallTerminationComponent>("autogen_agentchat.conditions.FunctionCallTermination", TERMINATIONS, {
  ...termination,
  description: "Terminate the conversation if a :class:`~autogen_core.models.FunctionExecutionResult`\n    with a specific name was received.",
  config: FunctionCallTerminationConfig,
});

/**
 * `AndTerminationConditionConfig`: `a & b` (nested pairwise: `a & b & c` is `And(And(a, b), c)`).
 *
 * @example AndTerminationConditionConfig.parse({ conditions: [maxMessages(5), textMention("DONE")] })
 */
export const AndTerminationConditionConfig = /* @__PURE__ */ define(() => model("AndTerminationConditionConfig", {
  conditions: z.array(component("termination")),
}));
/** `AndTerminationConditionConfig`. */
export interface AndTerminationConditionConfig extends z.output<typeof AndTerminationConditionConfig> {}
/** An `AndTerminationCondition` component. */
export interface AndTerminationConditionComponent extends ComponentOf<"autogen_agentchat.base.AndTerminationCondition", AndTerminationConditionConfig> {}
/** The `AndTerminationCondition` class (no docstring: no description). */
export const AndTerminationCondition = /* @__PURE__ */ componentClass<AndTerminationConditionComponent>("autogen_agentchat.base.AndTerminationCondition", `${AGENTCHAT}.base._termination`, {
  ...termination,
  description: null,
  config: AndTerminationConditionConfig,
});

/**
 * `OrTerminationConditionConfig`: `a | b`.
 *
 * @example OrTerminationConditionConfig.parse({ conditions: [maxMessages(5), textMention("DONE")] })
 */
export const OrTerminationConditionConfig = /* @__PURE__ */ define(() => model("OrTerminationConditionConfig", {
  conditions: z.array(component("termination")),
}));
/** `OrTerminationConditionConfig`. */
export interface OrTerminationConditionConfig extends z.output<typeof OrTerminationConditionConfig> {}
/** An `OrTerminationCondition` component. */
export interface OrTerminationConditionComponent extends ComponentOf<"autogen_agentchat.base.OrTerminationCondition", OrTerminationConditionConfig> {}
/** The `OrTerminationCondition` class (no docstring: no description). */
export const OrTerminationCondition = /* @__PURE__ */ componentClass<OrTerminationConditionComponent>("autogen_agentchat.base.OrTerminationCondition", `${AGENTCHAT}.base._termination`, {
  ...termination,
  description: null,
  config: OrTerminationConditionConfig,
});
