/**
 * `toMafAgentResponse`: an AutoGen `TaskResult` (`run()`) or `Response` (`on_messages()`) → a
 * MAF `AgentResponse`.
 */
import { MessageValidationError } from "../../errors.js";
import { defaultRegistry } from "../../registry.js";
import { describeValue } from "../../wire/check.js";
import { isPlainObject } from "../../wire/json-data.js";
import { autogenItems } from "./autogen-items.js";
import { MESSAGES_OPTIONS, toMafMessages, type ToMafMessagesOptions } from "./to-maf-messages.js";
import { checkOptions, guarded } from "./options.js";
import { usageDetails } from "./wire-shape.js";
import type { AgentResponse } from "../responses.js";

/**
 * Converts an AutoGen `TaskResult` (`{ messages, stop_reason }`) or `Response`
 * (`{ chat_message, inner_messages }`) into a MAF `AgentResponse` as its `to_dict()` writes it:
 * `messages` as {@link toMafMessages} converts them (a `Response`'s inner messages, then its chat
 * message), `usage_details` the sum of the messages' `models_usage` (absent when none has one),
 * and a `TaskResult`'s `stop_reason`, which MAF has no field for, in
 * `additional_properties.stop_reason` (when not null).
 *
 * Throws `MessageValidationError` naming the path of an invalid message (`messages[2].source: …`);
 * the input is not changed.
 *
 * @example
 * toMafAgentResponse({ messages: [{ type: "TextMessage", id: "m1", source: "bot", content: "Done.",
 *   models_usage: { prompt_tokens: 10, completion_tokens: 2 } }], stop_reason: "done" });
 * // { type: "agent_response", messages: [{ type: "message", role: "assistant", contents: [
 * //     { type: "text", text: "Done.", additional_properties: {} },
 * //     { type: "usage", usage_details: { input_token_count: 10, output_token_count: 2, total_token_count: 12 }, additional_properties: {} }],
 * //   author_name: "bot", message_id: "m1", additional_properties: {} }],
 * //   usage_details: { input_token_count: 10, output_token_count: 2, total_token_count: 12 },
 * //   additional_properties: { stop_reason: "done" } }
 */
export function toMafAgentResponse(taskResultOrResponse: unknown, given?: ToMafMessagesOptions): AgentResponse {
  return guarded("toMafAgentResponse", () => convert(taskResultOrResponse, given));
}

function convert(taskResultOrResponse: unknown, given?: ToMafMessagesOptions): AgentResponse {
  const options = checkOptions<ToMafMessagesOptions>(given, "toMafAgentResponse", MESSAGES_OPTIONS);
  const isRun = isPlainObject(taskResultOrResponse) && taskResultOrResponse.type === undefined && ("messages" in taskResultOrResponse || "chat_message" in taskResultOrResponse);
  if (!isRun) {
    throw new MessageValidationError(undefined, [
      { path: [], code: "model_type", message: `expected a TaskResult ({ messages, stop_reason }) or a Response ({ chat_message, inner_messages }), got ${describeValue(taskResultOrResponse)}` },
    ]);
  }
  const result = taskResultOrResponse as Record<string, unknown>;
  // Validate once (paths from the top of the object), then convert the flattened messages.
  const items = [...autogenItems([result], options.registry ?? defaultRegistry, false)].map((x) => {
    if (x.llm) throw new TypeError("unreachable: a TaskResult holds no LLM messages");
    return x.message;
  });
  let prompt = 0;
  let completion = 0;
  let counted = false;
  for (const m of items) {
    if (m.models_usage === null) continue;
    counted = true;
    prompt += m.models_usage.prompt_tokens;
    completion += m.models_usage.completion_tokens;
  }
  const stop = "messages" in result ? result.stop_reason : undefined;
  return {
    type: "agent_response",
    messages: toMafMessages(items, options),
    ...(counted ? { usage_details: usageDetails(prompt, completion) } : {}),
    additional_properties: typeof stop === "string" ? { stop_reason: stop } : {},
  };
}
