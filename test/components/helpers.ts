/** The component fixtures: every component model (top-level ones) found in the recorded files. */
import { readJsonl, type FixtureRecord } from "../helpers/fixtures.js";

/** The files holding `dump_component()` output, under test/fixtures/ (the team runs' copy is shared with the other team tests). */
export const COMPONENT_FILES = [
  "autogen-components/components.jsonl",
  "autogen-components/gallery.jsonl",
  "autogen-teams/components.jsonl",
  "autogen-components/client-components.jsonl",
] as const;

/** A component model as `dump_component().model_dump(mode="json")` writes it. */
export type Dumped = Record<string, unknown> & { provider: string; config: Record<string, unknown> };

export function isComponentModel(v: unknown): v is Dumped {
  return typeof v === "object" && v !== null && !Array.isArray(v) && typeof (v as Dumped).provider === "string" && "component_type" in v && "config" in v;
}

/** One recorded component: where it is, the dump, and AutoGen's exact text when the record has it. */
export interface RecordedComponent {
  readonly file: string;
  readonly name: string;
  readonly dump: Dumped;
  readonly text?: string;
}

/** The top-level component models of every record (nested ones are inside them). */
export function recordedComponents(): RecordedComponent[] {
  const out: RecordedComponent[] = [];
  for (const file of COMPONENT_FILES) {
    for (const rec of readJsonl(file)) {
      const text = (rec.dump_json ?? rec.component_json) as string | undefined;
      const own = (rec.dump ?? rec.component) as unknown;
      const found: Dumped[] = [];
      collect(rec, found);
      for (const dump of found) out.push({ file, name: label(rec, dump), dump, text: dump === own ? text : undefined });
    }
  }
  return out;
}

function label(rec: FixtureRecord, dump: Dumped): string {
  return `${rec.name} ${String(dump.label ?? dump.provider)}`;
}

function collect(v: unknown, out: Dumped[]): void {
  if (isComponentModel(v)) out.push(v);
  else if (Array.isArray(v)) v.forEach((x) => collect(x, out));
  else if (v && typeof v === "object") for (const x of Object.values(v)) collect(x, out);
}

/** Every component model inside `v`, nested ones included. */
export function allComponents(v: unknown, out: Dumped[] = []): Dumped[] {
  if (isComponentModel(v)) out.push(v);
  if (Array.isArray(v)) v.forEach((x) => allComponents(x, out));
  else if (v && typeof v === "object") for (const x of Object.values(v)) allComponents(x, out);
  return out;
}

/** The recorded `components.jsonl` case `name` (autogen-components). */
export function recordedCase(name: string): { dump: Dumped; dump_json: string; description: string } {
  const rec = readJsonl("autogen-components/components.jsonl").find((r) => r.name === name);
  if (!rec?.dump) throw new Error(`no dumped case ${name}`);
  return rec as unknown as { dump: Dumped; dump_json: string; description: string };
}

/**
 * A recorded agent whose envelopes lose keys by hand: its own `label` null and `description`
 * absent, its model client's `description` null and `label` absent. With the dumps expected by the
 * rule (`model_dump` writes every envelope key at the top level, `None` as null; nested envelopes
 * under `exclude_none` lose their `None` keys; a redacted copy keeps every null and no absent key).
 */
export function envelopeGaps(): { input: Dumped; dumped: Record<string, unknown>; redacted: Record<string, unknown> } {
  const rec = readJsonl("autogen-components/components.jsonl").find((r) => r.name === "agent/assistant/minimal")!;
  const dump = rec.dump as Dumped;
  const client = dump.config.model_client as Dumped;
  const { description: _d, label: _l, ...clientRest } = client;
  const { description: _td, label: _tl, config: _c, ...topRest } = dump;
  const { config: clientConfig, ...clientHead } = clientRest;
  const clientNull = { ...clientHead, description: null, config: clientConfig }; // envelope order
  const input = { ...topRest, label: null, config: { ...dump.config, model_client: clientNull } } as unknown as Dumped;
  const dumped = { ...topRest, description: null, label: null, config: { ...dump.config, model_client: clientRest } };
  const redacted = { ...topRest, label: null, config: { ...dump.config, model_client: clientNull } };
  return { input, dumped, redacted };
}
