import { type BuilderGraph, getParam, type GraphNode, NODE_KINDS } from "../../builders/Graph.js"
import type { GraphMatcher } from "../../domain/Rule.js"
import type { Span, StructuredPath } from "../../languages/structured.js"
import { type Deadline, DeadlineExceeded, type SourceDoc } from "../../languages/Source.js"
import { formatJsonPath } from "../../languages/structuredPath.js"
import type { RawMatch } from "./RawMatch.js"
import type { MatcherEntry } from "./treeSitter.js"

/**
 * Checks over the normalised graph of a builder export.
 *
 * - `cycle`: strongly connected components with more than one node, or a node wired to itself.
 *   Components holding a node whose type is in `exclude_types` are designed loops (n8n Loop Over
 *   Items, Langflow LoopComponent, Flowise Loop) and are skipped; with `node_kinds`/`node_types`,
 *   only components holding such a node count. One finding per cycle, at its first node in
 *   document order, naming a shortest cycle through that node.
 * - `node` and `unbounded_loop`: nodes selected by `node_kinds` or `node_types` (either list; none =
 *   every node, except that `unbounded_loop` defaults to loops and agents), minus `exclude_types`,
 *   on which every given condition holds: `param_absent` (none of the parameters is set),
 *   `param_matches` (the parameter's text matches; `*` in the name matches any part of a nested
 *   parameter path and then selects only scalar values; an exact name may name an object, whose
 *   JSON text is matched), `code_matches` (user code in the node matches; stock code never does).
 *   Findings point at the matching parameter or code, else at the node.
 * - `reaches`: a node of `from_kinds` has a path along the edges (which point the way data flows) to
 *   a node of `to_kinds`: directly, or through nodes of `through_kinds` (`*` = any node). The node
 *   conditions above, when given, must hold on one end; the finding points at that end, else at the
 *   `to` node.
 *
 * Type lists accept `*` wildcards (`@n8n/n8n-nodes-langchain.lmChat*`). Regexes accept a leading
 * `(?i)`; a named group `secret` marks the matched text as a credential, and a match on a declared
 * secret parameter or a literal credential carries the value as the secret.
 */

export class GraphCompileError extends Error {}

export interface CompiledGraph {
  readonly run: (graph: BuilderGraph, source: SourceDoc, deadline: Deadline) => Array<RawMatch>
}

type Check = GraphMatcher["check"]

const ALLOWED: Readonly<Record<Check, ReadonlyArray<keyof GraphMatcher>>> = {
  cycle: ["node_kinds", "node_types", "exclude_types"],
  node: ["node_kinds", "node_types", "exclude_types", "param_absent", "param_matches", "code_matches"],
  unbounded_loop: ["node_kinds", "node_types", "exclude_types", "param_absent", "param_matches", "code_matches"],
  reaches: ["from_kinds", "to_kinds", "through_kinds", "exclude_types", "param_absent", "param_matches", "code_matches"]
}
const CHECK_FIELDS: ReadonlyArray<keyof GraphMatcher> = [
  "node_kinds",
  "node_types",
  "param_absent",
  "param_matches",
  "code_matches",
  "from_kinds",
  "to_kinds",
  "through_kinds",
  "exclude_types"
]

interface Compiled {
  readonly entry: MatcherEntry<GraphMatcher>
  readonly check: Check
  readonly kinds: ReadonlySet<string> | undefined
  readonly types: ReadonlyArray<RegExp> | undefined
  readonly exclude: ReadonlyArray<RegExp>
  readonly absent: ReadonlyArray<string> | undefined
  readonly param: { readonly name: RegExp; readonly exact: string | undefined; readonly regex: RegExp } | undefined
  readonly code: RegExp | undefined
  readonly from: ReadonlySet<string>
  readonly to: ReadonlySet<string>
  /** undefined: direct edges only; "any": any node in between */
  readonly through: ReadonlySet<string> | "any" | undefined
}

const glob = (pattern: string): RegExp =>
  new RegExp(`^${pattern.split("*").map((p) => p.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`)

export function compileGraph(entries: ReadonlyArray<MatcherEntry<GraphMatcher>>): CompiledGraph {
  const rules = entries.map(compileEntry)
  if (rules.length === 0) return { run: () => [] }
  return {
    run: (graph, source, deadline) => {
      const ctx = new Context(graph, source, deadline)
      const out: Array<RawMatch> = []
      for (const rule of rules) {
        ctx.tick()
        if (rule.check === "cycle") out.push(...runCycle(rule, ctx))
        else if (rule.check === "reaches") out.push(...runReaches(rule, ctx))
        else out.push(...runNode(rule, ctx))
      }
      return out
    }
  }
}

function compileEntry(entry: MatcherEntry<GraphMatcher>): Compiled {
  const m = entry.matcher
  const where = `rule ${entry.rule.id} matcher ${entry.matcherIndex} (graph ${m.check})`
  const fail = (message: string): never => {
    throw new GraphCompileError(`${where}: ${message}`)
  }
  for (const field of CHECK_FIELDS) {
    if (m[field] !== undefined && !ALLOWED[m.check].includes(field)) fail(`${field} is not used by the ${m.check} check`)
  }
  const kindSet = (field: string, list: ReadonlyArray<string> | undefined, wildcard: boolean): ReadonlySet<string> | undefined => {
    if (list === undefined) return undefined
    for (const k of list) {
      if (!(NODE_KINDS as ReadonlyArray<string>).includes(k) && !(wildcard && k === "*")) {
        fail(`${field}: unknown node kind ${JSON.stringify(k)} (known: ${NODE_KINDS.join(", ")})`)
      }
    }
    return new Set(list)
  }
  const regex = (source: string, what: string): RegExp => {
    const caseless = source.startsWith("(?i)")
    try {
      return new RegExp(caseless ? source.slice(4) : source, caseless ? "i" : "")
    } catch (e) {
      return fail(`${what}: invalid regex ${JSON.stringify(source)}: ${(e as Error).message}`)
    }
  }
  if (m.check === "reaches" && (m.from_kinds === undefined || m.to_kinds === undefined)) fail("reaches needs from_kinds and to_kinds")
  const through = kindSet("through_kinds", m.through_kinds, true)
  const defaultKinds = m.check === "unbounded_loop" && m.node_kinds === undefined && m.node_types === undefined ? ["loop", "agent"] : m.node_kinds
  return {
    entry,
    check: m.check,
    kinds: kindSet("node_kinds", defaultKinds, false),
    types: m.node_types?.map(glob),
    exclude: (m.exclude_types ?? []).map(glob),
    absent: m.param_absent,
    param:
      m.param_matches === undefined
        ? undefined
        : {
            name: glob(m.param_matches.name),
            exact: m.param_matches.name.includes("*") ? undefined : m.param_matches.name,
            regex: regex(m.param_matches.regex, "param_matches.regex")
          },
    code: m.code_matches === undefined ? undefined : regex(m.code_matches, "code_matches"),
    from: kindSet("from_kinds", m.from_kinds, false) ?? new Set(),
    to: kindSet("to_kinds", m.to_kinds, false) ?? new Set(),
    through: through === undefined ? undefined : through.has("*") ? "any" : through
  }
}

/** Per-run state: adjacency and the deadline. */
class Context {
  private steps = 0
  readonly index = new Map<string, number>()
  readonly out: Array<Array<number>>
  readonly selfLoop: Array<boolean>

  constructor(
    readonly graph: BuilderGraph,
    readonly source: SourceDoc,
    private readonly deadline: Deadline
  ) {
    graph.nodes.forEach((n, i) => this.index.set(n.id, i))
    this.out = graph.nodes.map(() => [])
    this.selfLoop = graph.nodes.map(() => false)
    for (const e of graph.edges) {
      const s = this.index.get(e.source)
      const t = this.index.get(e.target)
      if (s === undefined || t === undefined) continue
      if (s === t) this.selfLoop[s] = true
      if (!this.out[s]!.includes(t)) this.out[s]!.push(t)
    }
  }

  tick(): void {
    if ((++this.steps & 0xff) === 0 && this.deadline.expired) throw new DeadlineExceeded("graph matching")
  }

  match(rule: Compiled, span: Span, path: StructuredPath, detail: string, secret?: string): RawMatch {
    const m: RawMatch = {
      ruleId: rule.entry.rule.id,
      matcherIndex: rule.entry.matcherIndex,
      start: span.start,
      end: span.end,
      text: this.source.text.slice(span.start, span.end),
      detail,
      jsonPath: formatJsonPath(path)
    }
    return secret === undefined ? m : { ...m, secret }
  }
}

const who = (n: GraphNode): string => (n.name === n.id ? `"${n.name}"` : `"${n.name}" (${n.id})`)

const typeIn = (n: GraphNode, patterns: ReadonlyArray<RegExp>): boolean => patterns.some((p) => p.test(n.type))

function selected(rule: Compiled, n: GraphNode): boolean {
  if (typeIn(n, rule.exclude)) return false
  if (rule.kinds === undefined && rule.types === undefined) return true
  return (rule.kinds?.has(n.kind) ?? false) || (rule.types !== undefined && typeIn(n, rule.types))
}

function isEmpty(v: unknown): boolean {
  if (v === undefined || v === null) return true
  if (typeof v === "string") return v.trim() === ""
  if (Array.isArray(v)) return v.length === 0
  if (typeof v === "object") return Object.keys(v).length === 0
  return false
}

const MAX_LEAVES = 2_000

/** Nested parameters as dotted paths, containers and leaves, bounded in depth and count. */
function flatten(params: Readonly<Record<string, unknown>>): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = []
  const stack: Array<[string, unknown, number]> = Object.entries(params)
    .reverse()
    .map(([k, v]) => [k, v, 0])
  while (stack.length > 0 && out.length < MAX_LEAVES) {
    const [name, value, depth] = stack.pop()!
    out.push([name, value])
    if (depth >= 8 || value === null || typeof value !== "object") continue
    const children = Array.isArray(value) ? value.map((v, i): [string, unknown] => [String(i), v]) : Object.entries(value)
    for (let i = children.length - 1; i >= 0; i--) stack.push([`${name}.${children[i]![0]}`, children[i]![1], depth + 1])
  }
  return out
}

const paramText = (v: unknown): string | undefined =>
  typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : v === null || v === undefined ? undefined : JSON.stringify(v)

interface Hit {
  readonly span: Span
  /** the document path of what the span points at: a parameter, embedded code or the node */
  readonly path: StructuredPath
  readonly detail: string
  readonly secret?: string
}

/**
 * Evaluates the node conditions: undefined when one fails, else the hits to report (an empty
 * list means "report the node itself").
 */
function conditions(rule: Compiled, n: GraphNode, ctx: Context): Array<Hit> | undefined {
  if (rule.absent !== undefined) {
    if (!rule.absent.every((p) => isEmpty(getParam(n, p)))) return undefined
  }
  const hits: Array<Hit> = []
  const absentNote = rule.absent === undefined ? "" : ` has no ${rule.absent.join(" or ")}`
  if (rule.param !== undefined) {
    const param = rule.param
    const candidates: Array<[string, unknown]> =
      param.exact !== undefined
        ? [[param.exact, getParam(n, param.exact)]]
        : // a wildcard selects values, not the objects holding them (which would repeat every finding)
          flatten(n.params).filter(([name, value]) => (value === null || typeof value !== "object") && param.name.test(name))
    for (const [name, value] of candidates) {
      const text = paramText(value)
      if (text === undefined) continue
      const m = param.regex.exec(text)
      if (m === null) continue
      const located = ctx.graph.doc.locate(n.paramPath(name))
      const span = located ?? n.anchor
      const literal = n.credentialRefs.find((c) => c.kind === "literal" && c.field === name)
      const secret =
        m.groups?.secret !== undefined && m.groups.secret !== ""
          ? m.groups.secret
          : literal !== undefined
            ? literal.value
            : n.secretParams.has(name) && typeof value === "string"
              ? value
              : undefined
      const hit: Hit = { span, path: located !== undefined ? n.paramPath(name) : n.path, detail: `node ${who(n)}${absentNote}: parameter ${name}` }
      hits.push(secret === undefined ? hit : { ...hit, secret })
    }
    if (hits.length === 0) return undefined
  }
  if (rule.code !== undefined) {
    const codeHits: Array<Hit> = []
    for (const code of n.embeddedCode) {
      if (code.builtin) continue
      const m = rule.code.exec(code.code)
      if (m === null) continue
      const start = code.toFileOffset(m.index)
      const end = Math.max(start, code.toFileOffset(m.index + m[0].length))
      codeHits.push({ span: { start, end }, path: code.path, detail: `node ${who(n)}${absentNote}: code in ${code.field}` })
    }
    if (codeHits.length === 0) return undefined
    if (hits.length === 0) hits.push(...codeHits)
  }
  return hits
}

function runNode(rule: Compiled, ctx: Context): Array<RawMatch> {
  const out: Array<RawMatch> = []
  for (const n of ctx.graph.nodes) {
    ctx.tick()
    if (!selected(rule, n)) continue
    const hits = conditions(rule, n, ctx)
    if (hits === undefined) continue
    if (hits.length === 0) {
      const note = rule.absent === undefined ? "" : ` has no ${rule.absent.join(" or ")}`
      out.push(ctx.match(rule, n.anchor, n.path, `node ${who(n)}${note}`))
    } else {
      for (const h of hits) out.push(ctx.match(rule, h.span, h.path, h.detail, h.secret))
    }
  }
  return out
}

/** Tarjan's strongly connected components, iteratively (graphs can be large; recursion is not safe). */
function components(ctx: Context): Array<Array<number>> {
  const n = ctx.graph.nodes.length
  const index = new Array<number>(n).fill(-1)
  const low = new Array<number>(n).fill(0)
  const onStack = new Array<boolean>(n).fill(false)
  const stack: Array<number> = []
  const result: Array<Array<number>> = []
  let counter = 0
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue
    const work: Array<[number, number]> = [[root, 0]]
    while (work.length > 0) {
      ctx.tick()
      const frame = work[work.length - 1]!
      const [v, i] = frame
      if (i === 0) {
        index[v] = low[v] = counter++
        stack.push(v)
        onStack[v] = true
      }
      const edges = ctx.out[v]!
      if (i < edges.length) {
        frame[1] = i + 1
        const w = edges[i]!
        if (index[w] === -1) work.push([w, 0])
        else if (onStack[w]) low[v] = Math.min(low[v]!, index[w]!)
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent !== undefined) low[parent[0]] = Math.min(low[parent[0]]!, low[v]!)
      if (low[v] === index[v]) {
        const component: Array<number> = []
        let w: number
        do {
          w = stack.pop()!
          onStack[w] = false
          component.push(w)
        } while (w !== v)
        result.push(component.sort((a, b) => a - b))
      }
    }
  }
  return result
}

/** A shortest cycle through `start` inside its component (breadth first). */
function cycleThrough(start: number, members: ReadonlySet<number>, ctx: Context): Array<number> {
  if (ctx.selfLoop[start]) return [start, start]
  const prev = new Map<number, number>()
  const queue = [start]
  for (let q = 0; q < queue.length; q++) {
    const v = queue[q]!
    for (const w of ctx.out[v]!) {
      if (!members.has(w)) continue
      if (w === start) {
        const path = [start]
        for (let x = v; x !== start; x = prev.get(x)!) path.push(x)
        return [start, ...path.slice(1).reverse(), start]
      }
      if (!prev.has(w)) {
        prev.set(w, v)
        queue.push(w)
      }
    }
  }
  return [start, start]
}

const MAX_SHOWN = 12

/** A path of nodes as text; a detail is a message, not a dump, so long paths are elided in the middle. */
function chain(path: ReadonlyArray<number>, nodes: ReadonlyArray<GraphNode>): string {
  const shown = path.length > MAX_SHOWN ? [...path.slice(0, MAX_SHOWN - 1), -1, path[path.length - 1]!] : path
  return shown.map((i) => (i === -1 ? "..." : who(nodes[i]!))).join(" -> ")
}

function runCycle(rule: Compiled, ctx: Context): Array<RawMatch> {
  const nodes = ctx.graph.nodes
  const out: Array<RawMatch> = []
  for (const component of components(ctx)) {
    const first = component[0]!
    if (component.length === 1 && !ctx.selfLoop[first]) continue
    const members = component.map((i) => nodes[i]!)
    if (members.some((n) => typeIn(n, rule.exclude))) continue
    if ((rule.kinds !== undefined || rule.types !== undefined) && !members.some((n) => selected(rule, n))) continue
    const cycle = cycleThrough(first, new Set(component), ctx)
    const more = component.length > MAX_SHOWN || component.length > cycle.length - 1 ? ` (${component.length} nodes in the loop)` : ""
    out.push(ctx.match(rule, nodes[first]!.anchor, nodes[first]!.path, `cycle: ${chain(cycle, nodes)}${more}`))
  }
  return out
}

function runReaches(rule: Compiled, ctx: Context): Array<RawMatch> {
  const nodes = ctx.graph.nodes
  const out: Array<RawMatch> = []
  const reported = new Set<string>()
  const passable = (n: GraphNode): boolean =>
    !typeIn(n, rule.exclude) && (rule.through === "any" || (rule.through !== undefined && rule.through.has(n.kind)))
  const hasConditions = rule.absent !== undefined || rule.param !== undefined || rule.code !== undefined
  nodes.forEach((from, f) => {
    if (!rule.from.has(from.kind) || typeIn(from, rule.exclude)) return
    let fromHits: Array<Hit> | undefined | null = null
    const prev = new Map<number, number>([[f, -1]])
    const queue = [f]
    for (let q = 0; q < queue.length; q++) {
      ctx.tick()
      const v = queue[q]!
      for (const w of ctx.out[v]!) {
        if (prev.has(w)) continue
        prev.set(w, v)
        const to = nodes[w]!
        if (passable(to)) queue.push(w)
        if (!rule.to.has(to.kind) || typeIn(to, rule.exclude)) continue
        // conditions must hold on one end; the finding points at that end
        let hits: Array<Hit> | undefined = []
        let end = to
        if (hasConditions) {
          hits = conditions(rule, to, ctx)
          if (hits === undefined) {
            if (fromHits === null) fromHits = conditions(rule, from, ctx)
            hits = fromHits
            end = from
          }
        }
        if (hits === undefined) continue
        const route: Array<number> = []
        for (let x = w; x !== -1; x = prev.get(x)!) route.push(x)
        const via = chain(route.reverse(), nodes)
        const list: Array<Hit> = hits.length > 0 ? hits : [{ span: end.anchor, path: end.path, detail: `node ${who(end)}` }]
        for (const h of list) {
          const key = `${h.span.start}:${h.span.end}`
          if (reported.has(key)) continue
          reported.add(key)
          out.push(ctx.match(rule, h.span, h.path, `${h.detail} (${via})`, h.secret))
        }
      }
    }
  })
  return out
}
