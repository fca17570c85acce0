/**
 * JSON Schema of the state classes' special fields (src/state/fields.ts): message lists refer to
 * the message unions, nested states to `AnyState` (recursive, through `$defs`), name maps are
 * objects of their value schema.
 */
import { AgentMessage, ChatMessage } from "../kinds.js";
import { StructuredMessage } from "../schemas/chat-messages.js";
import type { StateFieldMeta } from "../state/fields.js";
import { GraphFlowManagerState, STATE_SCHEMAS } from "../state/schemas.js";
import type * as z from "zod/mini";

type JSONSchema = Record<string, unknown>;

/** What the generator lends: itself, and `$ref`s to definitions built once per document. */
export interface SchemaContext {
  readonly generate: (schema: z.core.$ZodType) => JSONSchema;
  readonly ref: (name: string, build: () => JSONSchema) => JSONSchema;
}

/** Any state: a class by its (required) `type`, GraphFlow's typeless one, or an app's own object. */
function anyState(ctx: SchemaContext): JSONSchema {
  const typed: string[] = [];
  const members: JSONSchema[] = [];
  for (const [name, schema] of STATE_SCHEMAS) {
    const ref = ctx.ref(name, () => ctx.generate(schema));
    if (schema === GraphFlowManagerState) members.push(ref);
    else {
      typed.push(name);
      // In a nested position the class is chosen by `type`: it must be there.
      members.push({ ...ref, type: "object", properties: { type: { type: "string", const: name } }, required: ["type"] });
    }
  }
  members.push(
    { type: "object", required: ["type"], properties: { type: { type: "string", not: { enum: typed } } } },
    { type: "object", properties: { type: false, message_thread: false } },
  );
  return { anyOf: members };
}

/**
 * The JSON Schema of a special state field.
 *
 * @example stateFieldSchema({ kind: "map", value: z.int() }, ctx) // { type: "object", additionalProperties: { type: "integer" } }
 */
export function stateFieldSchema(meta: StateFieldMeta, ctx: SchemaContext): JSONSchema {
  switch (meta.kind) {
    case "messages":
      return {
        type: "array",
        items:
          meta.group === "chat"
            ? ctx.ref("AnyChatMessage", () => ({ anyOf: [ctx.generate(ChatMessage), ctx.generate(StructuredMessage)] }))
            : ctx.ref("AgentMessage", () => ctx.generate(AgentMessage)),
      };
    case "map":
      return { type: "object", additionalProperties: ctx.generate(meta.value) };
    case "state":
      return ctx.ref("AnyState", () => anyState(ctx));
  }
}
