import YAML, { LineCounter } from "yaml"

export type KeyPath = ReadonlyArray<PropertyKey>

export const formatPath = (path: KeyPath): string =>
  "$" + path.map((k) => (typeof k === "number" ? `[${k}]` : `.${String(k)}`)).join("")

/** A parsed YAML file that can answer "on which line is this key path?" for error messages. */
export interface LocatedYaml {
  readonly value: unknown
  readonly errors: ReadonlyArray<{ message: string; line: number }>
  readonly lineOf: (path: KeyPath) => number | undefined
}

export const parseLocatedYaml = (text: string): LocatedYaml => {
  const lineCounter = new LineCounter()
  const doc = YAML.parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false, merge: true })
  const errors = doc.errors.map((e) => ({ message: e.message.split("\n")[0] ?? e.message, line: lineCounter.linePos(e.pos[0]).line }))
  const lineOf = (path: KeyPath): number | undefined => {
    // walk down as far as the path exists: an unknown key's parent still has a line
    for (let n = path.length; n >= 0; n--) {
      const node = doc.getIn(path.slice(0, n).map((k) => (typeof k === "symbol" ? String(k) : k)), true) as
        | { range?: [number, number, number] }
        | undefined
      if (node !== undefined && node !== null && typeof node === "object" && node.range !== undefined) {
        if (n === path.length) return lineCounter.linePos(node.range[0]).line
        // the missing/unknown key itself: find it by scanning the parent's key nodes
        const key = path[n]
        const parent = node as unknown as { items?: Array<{ key?: { value?: unknown; range?: [number, number, number] } }> }
        const pair = parent.items?.find((it) => it.key?.value === key)
        if (pair?.key?.range !== undefined) return lineCounter.linePos(pair.key.range[0]).line
        return lineCounter.linePos(node.range[0]).line
      }
    }
    return undefined
  }
  if (errors.length > 0) return { value: undefined, errors, lineOf }
  try {
    return { value: doc.toJS({ maxAliasCount: 50 }), errors, lineOf }
  } catch (error) {
    // an alias whose anchor is not set before it (anchors do not cross files): located at the alias
    // (a merge `<<: *x` of an unknown anchor fails as "Merge sources must be maps": the first alias
    // with no anchor before it is the one)
    const message = error instanceof Error ? error.message : String(error)
    const alias = message.startsWith("Unresolved alias") ? message.slice(message.lastIndexOf(": ") + 2) : undefined
    const at = alias === undefined ? firstUnanchoredAlias(text) : text.indexOf(`*${alias}`)
    const name = alias === undefined && at >= 0 ? /^\*([\w-]+)/.exec(text.slice(at))?.[1] : undefined
    const said = name === undefined ? message : `Unresolved alias: *${name} has no anchor &${name} before it`
    return { value: undefined, errors: [{ message: said, line: at < 0 ? 1 : lineCounter.linePos(at).line }], lineOf }
  }
}

/** Where the first alias (`*name`) with no anchor (`&name`) before it is, or -1. */
const firstUnanchoredAlias = (text: string): number => {
  for (const m of text.matchAll(/(?<![\w&*])\*([\w-]+)/g)) if (text.lastIndexOf(`&${m[1]}`, m.index) === -1) return m.index
  return -1
}
