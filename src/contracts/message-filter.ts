/**
 * `filterMessages`: the selection `MessageFilterAgent` makes before its inner agent sees the
 * messages (AutoGen's `_apply_filter`), reproduced with its quirks: the output is grouped by
 * filter (not chronological), unlisted sources are dropped, and a `count` of `0`/`null`
 * means "all".
 */
import { parseWith } from "../parse.js";
import { MessageFilterConfig, type PerSourceFilter } from "./schemas.js";

/**
 * The messages a `MessageFilterAgent` with `config` passes to its inner agent. For each filter
 * in config order: the messages whose `source` equals `filter.source` (original order), then
 * with `position` `"first"` and a non-zero `count` the first `count` of them, with `"last"`
 * the last `count`; otherwise all. Negative counts slice as Python does (`first` with `-1` is
 * all but the last). `config` is validated like the pydantic model (throws
 * `MessageValidationError`); `messages` is not changed.
 *
 * @example
 * filterMessages(history, { per_source: [{ source: "user", position: "first", count: 1 }, { source: "B", position: "last", count: 1 }] })
 */
export function filterMessages<M extends { readonly source: string }>(
  messages: readonly M[],
  config: MessageFilterConfig | { per_source: ReadonlyArray<Partial<PerSourceFilter> & { source: string }> },
): M[] {
  const { per_source } = parseWith(MessageFilterConfig, config, "MessageFilterConfig");
  const result: M[] = [];
  for (const filter of per_source) {
    let selected = messages.filter((m) => m.source === filter.source);
    // Python tests `count` for truthiness: 0 and None both mean "no limit".
    if (filter.count) {
      // JS slice bounds behave as Python's for positive and negative counts alike.
      if (filter.position === "first") selected = selected.slice(0, filter.count);
      else if (filter.position === "last") selected = selected.slice(-filter.count);
    }
    result.push(...selected);
  }
  return result;
}
