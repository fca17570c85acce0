/**
 * The table of known component classes, by provider, and the other names AutoGen resolves to
 * them. It holds no catalogue: `registry.ts` feeds it (`provideCatalog`), so the catalogue's
 * modules, which validate nested components through this table, never import themselves back.
 */
import type { ComponentSpec } from "./component.js";

/**
 * `autogen_core._component_config.WELL_KNOWN_PROVIDERS`: short names `load_component` accepts.
 *
 * @example WELL_KNOWN_PROVIDERS.OpenAIChatCompletionClient // "autogen_ext.models.openai.OpenAIChatCompletionClient"
 */
export const WELL_KNOWN_PROVIDERS: Readonly<Record<string, string>> = {
  azure_openai_chat_completion_client: "autogen_ext.models.openai.AzureOpenAIChatCompletionClient",
  AzureOpenAIChatCompletionClient: "autogen_ext.models.openai.AzureOpenAIChatCompletionClient",
  openai_chat_completion_client: "autogen_ext.models.openai.OpenAIChatCompletionClient",
  OpenAIChatCompletionClient: "autogen_ext.models.openai.OpenAIChatCompletionClient",
  OllamaChatCompletionClient: "autogen_ext.models.ollama.OllamaChatCompletionClient",
};

interface Table {
  readonly specs: readonly ComponentSpec[];
  readonly byProvider: ReadonlyMap<string, ComponentSpec>;
  readonly aliases: ReadonlyMap<string, string>;
}

let catalog: (() => readonly ComponentSpec[]) | undefined;
// Built on first lookup, not when the catalogue is provided: loading the module stays cheap.
let table: Table | undefined;

/** Gives the table its catalogue (`registry.ts` does, once); the table is built on first lookup. */
export function provideCatalog(specs: () => readonly ComponentSpec[]): void {
  catalog ??= specs;
}

function getTable(): Table {
  if (table) return table;
  // Every module that reaches a lookup also loads registry.ts; without it each known class would
  // silently pass as an unknown one, so say so.
  if (!catalog) throw new Error("agentchat-messages: the component catalogue is not loaded (import components/registry.js)");
  const specs = Object.freeze([...catalog()]);
  const byProvider = new Map(specs.map((s) => [s.provider, s] as const));
  const aliases = new Map(Object.entries(WELL_KNOWN_PROVIDERS));
  for (const s of specs) for (const a of s.aliases) if (!byProvider.has(a)) aliases.set(a, s.provider);
  return (table = { specs, byProvider, aliases });
}

/**
 * The provider `dump_component()` writes for a provider string AutoGen would load as the same
 * class (a `WELL_KNOWN_PROVIDERS` alias, the class's defining module path); others unchanged.
 *
 * @example resolveProvider("OpenAIChatCompletionClient") // "autogen_ext.models.openai.OpenAIChatCompletionClient"
 */
export function resolveProvider(provider: string): string {
  return getTable().aliases.get(provider) ?? provider;
}

/**
 * The known component class of a provider (after {@link resolveProvider}), if any.
 *
 * @example specFor("autogen_agentchat.agents.AssistantAgent")?.component_version // 2
 */
export function specFor(provider: string): ComponentSpec | undefined {
  return getTable().byProvider.get(provider);
}

/**
 * Every component class the library knows (AutoGen 0.7.5's agentchat, core and ext).
 *
 * @example componentSpecs().length
 */
export function componentSpecs(): readonly ComponentSpec[] {
  return getTable().specs;
}
