/**
 * The one base of the provider converters' errors (`OpenAIConversionError`,
 * `AnthropicConversionError`, `GeminiConversionError`, `AISDKConversionError`): where the problem
 * is, what it is, and what to call instead, written the same way by all four.
 */

/**
 * What every provider converter throws for input it cannot convert: each provider's own class
 * (`OpenAIConversionError`, `AnthropicConversionError`, `GeminiConversionError`,
 * `AISDKConversionError`) extends it, so one `instanceof` catches any of them. `message` is
 * `"<where>: <problem>"`, followed by ` (<hint>)` when the library can tell what to call instead.
 *
 * @example
 * try {
 *   toOpenAIMessages([{ type: "UserMessage", source: "a b", content: "hi" }], { model: "gpt-4o" });
 * } catch (e) {
 *   if (e instanceof ProviderConversionError) e.message; // "messages[0].source: Invalid name: a b. …"
 * }
 */
export abstract class ProviderConversionError extends Error {
  static override readonly name: string = "ProviderConversionError"; // what Node prints, even when a bundler renames the class
  override readonly name: string = "ProviderConversionError";
  /** What to call instead, when the library can tell (a loaded chat message: `toModelMessage` / `toModelContext`). */
  readonly hint: string | undefined;

  /** `where` (a path, `messages[2]`) prefixes the message when given; `hint` follows it in parentheses. */
  protected constructor(where: string | undefined, problem: string, hint?: string) {
    super(`${where === undefined ? problem : `${where}: ${problem}`}${hint === undefined ? "" : ` (${hint})`}`);
    this.hint = hint;
  }
}
