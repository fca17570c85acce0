/**
 * The one home for "how did the run end": which control frames end a run as failed or cancelled,
 * and the failure of a run whose stream stopped before its `TaskResult` / `Response`. The AG-UI
 * translator (`RUN_ERROR`) and the OpenTelemetry recorder (status ERROR) both read it here.
 */
import type { StudioControlFrame } from "./studio.js";

/** Why a run failed: a message and a short code (`AUTOGEN_ERROR`, `INCOMPLETE_RUN`, …). @example const f: RunFailure = { message: "boom", code: "AUTOGEN_ERROR" } */
export interface RunFailure {
  readonly message: string;
  readonly code: string;
}

/** The failure of a run that ended without a `TaskResult` or `Response`. @example INCOMPLETE_RUN.code // "INCOMPLETE_RUN" */
export const INCOMPLETE_RUN: RunFailure = { message: "the AutoGen run ended without a TaskResult or Response", code: "INCOMPLETE_RUN" };

/**
 * What a control frame says about the run: `failed` (a back end's `error` frame, a `completion`
 * whose status is neither `complete` nor `cancelled`), `cancelled`, or undefined (the run goes on).
 *
 * @example controlOutcome({ type: "error", error: "boom" }) // { kind: "failed", failure: { message: "boom", code: "AUTOGEN_ERROR" } }
 */
export function controlOutcome(control: StudioControlFrame): { readonly kind: "failed"; readonly failure: RunFailure } | { readonly kind: "cancelled" } | undefined {
  if (control.type === "error") return { kind: "failed", failure: { message: control.error ?? control.content ?? "the AutoGen back end reported an error", code: "AUTOGEN_ERROR" } };
  if (control.type !== "completion" || control.status === undefined || control.status === "complete") return undefined;
  if (control.status === "cancelled") return { kind: "cancelled" };
  return { kind: "failed", failure: { message: `the AutoGen run ended: ${control.status}`, code: "AUTOGEN_" + control.status.toUpperCase() } };
}
