/**
 * What a memory adds to an agent's model context, rebuilt from the `MemoryQueryEvent` the agent
 * yields for it. The event carries the memory contents; how they are written into the context
 * is the memory class's choice, so only `ListMemory`'s (autogen-core's own) is built in.
 */
import type { MemoryQueryEvent } from "../schemas/agent-events.js";
import type { LLMMessage } from "../schemas/llm-messages.js";
import { pyStr } from "../python/repr.js";

/**
 * `ListMemory.update_context`: one `SystemMessage` listing every memory content, numbered from
 * 1, each as Python's `str()` of its content (a JSON object becomes its dict repr).
 *
 * @example
 * listMemoryMessages({ type: "MemoryQueryEvent", source: "a", content: [{ content: "likes tea", mime_type: "text/plain" }] })
 * // [{ content: "\nRelevant memory content (in chronological order):\n1. likes tea\n", type: "SystemMessage" }]
 */
export function listMemoryMessages(event: Pick<MemoryQueryEvent, "content">): LLMMessage[] {
  if (event.content.length === 0) return [];
  const lines = event.content.map((memory, i) => `${i + 1}. ${pyStr(memory.content)}`);
  return [{ content: `\nRelevant memory content (in chronological order):\n${lines.join("\n")}\n`, type: "SystemMessage" }];
}
