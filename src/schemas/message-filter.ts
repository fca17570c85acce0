/**
 * `MessageFilterAgent`'s filter config (`autogen_agentchat.agents.MessageFilterConfig`), shared by the
 * contracts (`filterMessages`) and the component configs (`MessageFilterAgentConfig.filter`).
 */
import * as z from "zod/mini";
import { LaxInt } from "../wire/fields.js";
import { define } from "../define.js";
import { literalEnum } from "../zod-def.js";
import { withMessageErrors, type MessageObject } from "../parse.js";

/** The fields of {@link PerSourceFilter}, with their TSDoc (hover text through `z.infer`). */
export const perSourceFilterShape = /* @__PURE__ */ define(() => ({
  /** The `source` whose messages this filter keeps. */
  source: z.string(),
  /** Keep the `first` or the `last` messages of that source (default `null`: all). */
  position: z._default(z.nullable(literalEnum(["first", "last"])), null),
  /** How many messages to keep (default `null`: all). */
  count: z._default(z.nullable(LaxInt), null),
}));

/**
 * `autogen_agentchat.agents.PerSourceFilter`: which messages of one `source` a
 * `MessageFilterAgent` passes on. `position` `null` (or a `count` of `0`/`null`) keeps all.
 *
 * @example PerSourceFilter.parse({ source: "user", position: "first", count: 1 })
 */
export const PerSourceFilter: MessageObject<typeof perSourceFilterShape> = /* @__PURE__ */ define(() =>
  withMessageErrors("PerSourceFilter", z.object(perSourceFilterShape)),
);
/** `autogen_agentchat.agents.PerSourceFilter`. */
export type PerSourceFilter = z.infer<typeof PerSourceFilter>;

/** The fields of {@link MessageFilterConfig}, with their TSDoc (hover text through `z.infer`). */
export const messageFilterConfigShape = /* @__PURE__ */ define(() => ({
  /** The filters, applied in order; a message is kept when one of them keeps it. */
  per_source: z.array(PerSourceFilter),
}));

/**
 * `autogen_agentchat.agents.MessageFilterConfig`: the per-source filters, applied in order.
 *
 * @example MessageFilterConfig.parse({ per_source: [{ source: "B", position: "last", count: 2 }] })
 */
export const MessageFilterConfig: MessageObject<typeof messageFilterConfigShape> = /* @__PURE__ */ define(() =>
  withMessageErrors("MessageFilterConfig", z.object(messageFilterConfigShape)),
);
/** `autogen_agentchat.agents.MessageFilterConfig`. */
export type MessageFilterConfig = z.infer<typeof MessageFilterConfig>;
