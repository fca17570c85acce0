/** The zod schemas of the MAF classes: each runs the class's loader, so `safeParse` accepts exactly what `loadMaf` does. */
import * as z from "zod/mini";
import { MessageValidationError } from "../errors.js";
import type { MafClass } from "./fields.js";
import { walk } from "./load.js";

/**
 * A schema whose `parse` is `loadMaf(value, cls)`: the loaded value, or issues with the path.
 *
 * @example const Message = mafSchema<{ type: "message" }>("Message");
 */
export function mafSchema<T>(cls: MafClass): z.ZodMiniType<T, unknown> {
  return z.pipe(
    z.unknown(),
    z.transform((input: unknown, ctx) => {
      try {
        return walk(input, cls, "load") as T;
      } catch (e) {
        if (!MessageValidationError.isInstance(e)) throw e;
        for (const issue of e.issues) ctx.issues.push({ code: "custom", input, path: [...issue.path], message: issue.message, params: { code: issue.code } });
        return z.NEVER;
      }
    }),
  ) as unknown as z.ZodMiniType<T, unknown>;
}
