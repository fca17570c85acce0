/**
 * `MessageFilterAgent`'s filter config (`autogen_agentchat.agents.MessageFilterConfig`), shared by the
 * contracts (`filterMessages`) and the component configs (`MessageFilterAgentConfig.filter`).
 */
import * as z from "zod/mini";
import { LaxInt } from "../wire/fields.js";
import { define } from "../define.js";
import { literalEnum } from "../zod-def.js";

/**
 * `autogen_agentchat.agents.PerSourceFilter`: which messages of one `source` a
 * `MessageFilterAgent` passes on. `position` `null` (or a `count` of `0`/`null`) keeps all.
 *
 * @example PerSourceFilter.parse({ source: "user", position: "first", count: 1 })
 */
export const PerSourceFilter = /* @__PURE__ */ define(() => z.object({
  source: z.string(),
  position: z._default(z.nullable(literalEnum(["first", "last"])), null),
  count: z._default(z.nullable(LaxInt), null),
}));
/** `autogen_agentchat.agents.PerSourceFilter`. */
export type PerSourceFilter = z.infer<typeof PerSourceFilter>;

/**
 * `autogen_agentchat.agents.MessageFilterConfig`: the per-source filters, applied in order.
 *
 * @example MessageFilterConfig.parse({ per_source: [{ source: "B", position: "last", count: 2 }] })
 */
export const MessageFilterConfig = /* @__PURE__ */ define(() => z.object({
  per_source: z.array(PerSourceFilter),
}));
/** `autogen_agentchat.agents.MessageFilterConfig`. */
export type MessageFilterConfig = z.infer<typeof MessageFilterConfig>;
