import { NameIndex } from "./names.js"
import { BLANK_VALUE, constant, Prov, UNKNOWN_VALUE, type Value } from "./Value.js"

/**
 * A source the caller knows about code it hands in, beyond the framework models: the input of a
 * builder node whose code this is (an n8n Code node's `$json`, a Dify code node's `main(arg1)`,
 * a Langflow component's `self.<input>`). The graph decides the provenance, so the same code reads
 * untrusted data in one workflow and a constant in another.
 */
export interface GivenSource {
  /** canonical names the code reads the input through: variables, attributes, calls (`$input.all`) */
  readonly names: ReadonlyArray<string>
  /** a module-level function whose parameters receive the input (Dify's `main`) */
  readonly entry?: string
  readonly provenance: "untrusted" | "secret" | "config" | "constant" | "unknown"
  /** what the data is, for messages: `the webhook body (node "Webhook")` */
  readonly label: string
}

export interface GivenIndex {
  readonly names: NameIndex<Value>
  readonly entries: ReadonlyMap<string, Value>
}

const valueOf = (s: GivenSource): Value => {
  switch (s.provenance) {
    case "untrusted":
      return { ...BLANK_VALUE, prov: Prov.Untrusted, label: s.label }
    case "secret":
      return { ...BLANK_VALUE, prov: Prov.Config, secret: true, label: s.label }
    case "config":
      return { ...BLANK_VALUE, prov: Prov.Config }
    case "constant":
      return constant()
    case "unknown":
      return UNKNOWN_VALUE
  }
}

export const compileGiven = (sources: ReadonlyArray<GivenSource>): GivenIndex => {
  const names = new NameIndex<Value>()
  const entries = new Map<string, Value>()
  for (const s of sources) {
    const v = valueOf(s)
    for (const n of s.names) names.add(n, v)
    if (s.entry !== undefined) entries.set(s.entry, v)
  }
  return { names, entries }
}
