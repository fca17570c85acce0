/**
 * `parseWith` / `safeParseWith`: validate with one schema and turn zod's issues into a
 * {@link MessageValidationError}.
 */
import * as z from "zod/mini";
import { MessageValidationError, issuesFromZod, type MessageIssue } from "./errors.js";
import { ownView } from "./wire/own-view.js";

/** The result of `safeLoad` / {@link safeParseWith}: the value, or the error that would be thrown. */
export type SafeLoadResult<T> =
  | { readonly success: true; readonly data: T; readonly error?: undefined }
  | { readonly success: false; readonly data?: undefined; readonly error: MessageValidationError };

/** A failed result with one issue. */
export function invalid(type: string | undefined, issue: MessageIssue): SafeLoadResult<never> {
  return { success: false, error: new MessageValidationError(type, [issue]) };
}

/**
 * Validates `input` with `schema` and returns the parsed value or a
 * {@link MessageValidationError} (never a ZodError, never anything else for JSON input).
 *
 * @example safeParseWith(FunctionCall, { id: "1", arguments: "{}", name: "f" }, "FunctionCall").success // true
 */
export function safeParseWith<S extends z.core.$ZodType>(
  schema: S,
  input: unknown,
  typeName?: string,
): SafeLoadResult<z.output<S>> {
  let result: z.util.SafeParseResult<z.output<S>>;
  try {
    // Only own properties are read: class instances and prototype chains through views.
    input = ownView(input);
    result = z.safeParse(schema, input);
  } catch (e) {
    // Only hostile inputs get here (getters that throw, revoked proxies, …).
    return invalid(typeName, { path: [], code: "value_error", message: `could not read the payload: ${String(e)}` });
  }
  if (result.success) return { success: true, data: result.data as z.output<S> };
  return { success: false, error: new MessageValidationError(typeName, issuesFromZod(result.error, input)) };
}

/**
 * {@link safeParseWith} that throws the {@link MessageValidationError}.
 *
 * @example parseWith(RequestUsage, { prompt_tokens: "3", completion_tokens: 1 }, "RequestUsage")
 */
export function parseWith<S extends z.core.$ZodType>(schema: S, input: unknown, typeName?: string): z.output<S> {
  const r = safeParseWith(schema, input, typeName);
  if (r.success) return r.data;
  throw r.error;
}
