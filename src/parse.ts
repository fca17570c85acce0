/**
 * `parseWith` / `safeParseWith`: validate with one schema and turn zod's issues into a
 * {@link MessageValidationError}; and {@link withMessageErrors}, which gives the per-class
 * schemas (`TextMessage`, `FunctionCall`, `TaskResult`, …) `parse` methods that do the same.
 */
import * as z from "zod/mini";
import { MessageValidationError, issueText, issuesFromZod, type MessageIssue } from "./errors.js";
import { ownView } from "./own-properties.js";
import { describeThrown } from "./wire/check.js";

/** The result of `safeLoad` / {@link safeParseWith}: the value, or the error that would be thrown. */
export type SafeLoadResult<T> =
  | { readonly success: true; readonly data: T; readonly error?: undefined }
  | { readonly success: false; readonly data?: undefined; readonly error: MessageValidationError };

/** A failed result with one issue. */
export function invalid(type: string | undefined, issue: MessageIssue): SafeLoadResult<never> {
  return { success: false, error: new MessageValidationError(type, [issue]) };
}

/**
 * What a loader's catch block reports for what was thrown while it read its input: the issues of
 * the {@link MessageValidationError} the own-properties walk throws (a cycle, a getter that
 * threw, with their path), else `could not read the payload: <what was thrown>`, described so
 * that nothing thrown (`Object.create(null)`, a throwing `toString`) makes the report throw.
 * Only hostile inputs get here (getters that throw, proxies, cyclic values).
 *
 * @example unreadableIssues(new Error("boom")) // [{ path: [], code: "value_error", message: "could not read the payload: Error: boom" }]
 */
export function unreadableIssues(thrown: unknown, path: readonly (string | number)[] = [], what = "payload"): MessageIssue[] {
  if (MessageValidationError.isInstance(thrown)) return thrown.issues.map((i) => ({ ...i, path: [...path, ...i.path] }));
  return [{ path: [...path], code: "value_error", message: `could not read the ${what}: ${describeThrown(thrown)}` }];
}

/**
 * {@link unreadableIssues} as a failed result.
 *
 * @example unreadable("TextMessage", new Error("boom")).success // false
 */
export function unreadable(typeName: string | undefined, thrown: unknown, path: readonly (string | number)[] = []): SafeLoadResult<never> {
  return { success: false, error: new MessageValidationError(typeName, unreadableIssues(thrown, path)) };
}

/**
 * `object[key]`, or a {@link MessageValidationError} at `[...path, key]` when reading it throws (a getter,
 * a proxy): how the loaders read the key they dispatch on (`type`, `provider`).
 *
 * @example readKey({ type: "TextMessage" }, "type") // "TextMessage"
 */
export function readKey(object: object, key: string, path: readonly (string | number)[] = []): unknown {
  try {
    return (object as Record<string, unknown>)[key];
  } catch (e) {
    throw new MessageValidationError(undefined, unreadableIssues(e, [...path, key], "value"));
  }
}

function fromZod<T>(result: z.util.SafeParseResult<T>, input: unknown, typeName: string | undefined): SafeLoadResult<T> {
  if (result.success) return { success: true, data: result.data };
  return { success: false, error: new MessageValidationError(typeName, issuesFromZod(result.error, input)) };
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
  params?: z.core.ParseContext<z.core.$ZodIssue>,
): SafeLoadResult<z.output<S>> {
  try {
    // Only own properties are read: class instances and prototype chains through views.
    input = ownView(input);
    return fromZod(z.safeParse(schema, input, params), input, typeName);
  } catch (e) {
    return unreadable(typeName, e);
  }
}

/** {@link safeParseWith} for schemas with async checks. */
async function safeParseWithAsync<S extends z.core.$ZodType>(
  schema: S,
  input: unknown,
  typeName?: string,
  params?: z.core.ParseContext<z.core.$ZodIssue>,
): Promise<SafeLoadResult<z.output<S>>> {
  try {
    input = ownView(input);
    return fromZod(await z.safeParseAsync(schema, input, params), input, typeName);
  } catch (e) {
    return unreadable(typeName, e);
  }
}

/** The value of a result, or its error thrown. */
function unwrap<T>(r: SafeLoadResult<T>): T {
  if (r.success) return r.data;
  throw r.error;
}

/**
 * {@link safeParseWith} that throws the {@link MessageValidationError}.
 *
 * @example parseWith(RequestUsage, { prompt_tokens: "3", completion_tokens: 1 }, "RequestUsage")
 */
export function parseWith<S extends z.core.$ZodType>(schema: S, input: unknown, typeName?: string): z.output<S> {
  return unwrap(safeParseWith(schema, input, typeName));
}

/**
 * The `parse` methods of the library's per-class schemas: the same calls as zod's, reporting a
 * {@link MessageValidationError} (`Invalid TextMessage: source: expected string, got number 1`)
 * instead of a `ZodError`, as `load` does.
 */
export interface MessageParsing<T> {
  /** Validates `data` and returns the value; throws {@link MessageValidationError}. */
  parse(data: unknown, params?: z.core.ParseContext<z.core.$ZodIssue>): T;
  /** Validates `data`: `{ success: true, data }` or `{ success: false, error: MessageValidationError }`. */
  safeParse(data: unknown, params?: z.core.ParseContext<z.core.$ZodIssue>): SafeLoadResult<T>;
  /** {@link MessageParsing.parse} for schemas with async checks. */
  parseAsync(data: unknown, params?: z.core.ParseContext<z.core.$ZodIssue>): Promise<T>;
  /** {@link MessageParsing.safeParse} for schemas with async checks. */
  safeParseAsync(data: unknown, params?: z.core.ParseContext<z.core.$ZodIssue>): Promise<SafeLoadResult<T>>;
}

/**
 * A zod schema of the library (`TextMessage`, `FunctionCall`, `TaskResult`, …): a plain zod/mini
 * schema for composition (`z.extend`, `z.optional`, inside classic zod schemas, `z.toJSONSchema`),
 * whose own `parse` / `safeParse` report a {@link MessageValidationError}. Schemas derived from
 * it (`z.extend(TextMessage, …)`) are ordinary zod schemas: validate them with {@link parseWith}.
 */
export type MessageSchema<S extends z.core.$ZodType> = MessageParsing<z.output<S>> & S;

/**
 * The {@link MessageSchema} of an object with fields `Shape`: the declared type of the per-class
 * schemas, written with `typeof <shape>` so that the fields' TSDoc reaches editors (hover on
 * `msg.source`) through `z.infer`.
 */
export type MessageObject<Shape extends z.core.$ZodShape, Config extends z.core.$ZodObjectConfig = z.core.$strip> = MessageSchema<
  z.ZodMiniObject<Shape, Config>
>;

/** The class name an error reports: fixed, or read from the input (a union reports the member's name). */
export type SchemaName = string | ((input: unknown) => string | undefined);

/**
 * A union's error name: the input's `type` when it names one of the union's members, else the
 * union's own name.
 */
export function memberName(unionName: string, isMember: (type: string) => boolean): (input: unknown) => string {
  return (input) => {
    let type: unknown;
    try {
      type = input !== null && typeof input === "object" ? (input as { type?: unknown }).type : undefined;
    } catch {
      return unionName; // a throwing getter: the parse reports it
    }
    return typeof type === "string" && isMember(type) ? type : unionName;
  };
}

/**
 * {@link withMessageErrors} for a union tagged by `type`: an error names the member the input's
 * `type` selects (`Invalid TextMessage: …`), else the union (`Invalid ChatMessage: …`).
 *
 * @example export const LLMMessage = taggedUnion("LLMMessage", z.discriminatedUnion("type", [SystemMessage, UserMessage]));
 */
export function taggedUnion<S extends z.ZodMiniType>(name: string, union: S, isMember?: (type: string) => boolean): MessageSchema<S> {
  const tags = () => (union._zod as { propValues?: Record<string, Set<unknown>> }).propValues?.type;
  return withMessageErrors(memberName(name, isMember ?? ((type) => tags()?.has(type) === true)), union);
}

/**
 * Gives `schema` (the same object, for identity-keyed registries) `parse`, `safeParse`,
 * `parseAsync`, `safeParseAsync` and Standard Schema `validate` that report problems as `load`
 * does, naming the class `name`. zod's own customisation cannot: a per-schema `error` map only
 * rewords the issues that schema raises itself (not its fields'), the thrown error stays a
 * `ZodError` whose message is JSON, and `z.config` is global to the app.
 *
 * @example export const FunctionCall = withMessageErrors("FunctionCall", z.object({ id: z.string(), … }));
 */
export function withMessageErrors<S extends z.ZodMiniType>(name: SchemaName, schema: S): MessageSchema<S> {
  const nameOf = typeof name === "string" ? () => name : name;
  const parsing: MessageParsing<z.output<S>> = {
    safeParse: (data, params) => safeParseWith(schema, data, nameOf(data), params),
    parse: (data, params) => unwrap(safeParseWith(schema, data, nameOf(data), params)),
    safeParseAsync: (data, params) => safeParseWithAsync(schema, data, nameOf(data), params),
    parseAsync: async (data, params) => unwrap(await safeParseWithAsync(schema, data, nameOf(data), params)),
  };
  Object.assign(schema, parsing);
  // Standard Schema consumers (form libraries, tRPC, Hono) get the same messages, hints included.
  const standard = schema["~standard"];
  const standardResult = (r: SafeLoadResult<unknown>) =>
    r.success ? { value: r.data } : { issues: r.error.issues.map((i) => ({ message: issueText(i), path: i.path })) };
  schema["~standard"] = {
    ...standard,
    validate: (value: unknown) => {
      let result: z.util.SafeParseResult<unknown>;
      try {
        result = z.safeParse(schema, value);
      } catch {
        // Async checks (or a hostile input, which the async path reports).
        return safeParseWithAsync(schema, value, nameOf(value)).then(standardResult);
      }
      return standardResult(fromZod(result, value, nameOf(value)));
    },
  } as typeof standard;
  return schema as MessageSchema<S>;
}
