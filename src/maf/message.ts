/** MAF's `Message`: a role, contents, and who wrote it. */
import type * as z from "zod/mini";
import type { Content } from "./content.js";
import { mafSchema } from "./schema.js";

/** The roles MAF's `RoleLiteral` names; any other string is a valid role too. @example const r: MafRole = "critic"; */
export type MafRole = "system" | "user" | "assistant" | "tool" | (string & {});

/** A `Message` as `to_dict()` writes it: `type` first; absent `author_name` / `message_id` omitted. @example const m: MessageShape = { type: "message", role: "user", contents: [], additional_properties: {} }; */
export interface MessageShape {
  type: "message";
  role: MafRole;
  contents: Content[];
  author_name?: string;
  message_id?: string;
  /** Always present (`{}` when empty). Agent Framework's own bookkeeping (`_attribution`), not sent to models. */
  additional_properties: Record<string, unknown>;
}

/**
 * MAF's `Message`.
 *
 * @example
 * const m = Message.parse({ role: "user", contents: [{ type: "text", text: "hi" }] });
 * // { type: "message", role: "user", contents: [{ type: "text", text: "hi", additional_properties: {} }], additional_properties: {} }
 */
export const Message = mafSchema<MessageShape>("Message");
/** MAF's `Message`, as `loadMaf` returns it. @example const m: Message = { type: "message", role: "user", contents: [], additional_properties: {} }; */
export type Message = z.infer<typeof Message>;
