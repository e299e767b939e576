import { type BuilderGraph, type GraphEdge, getParam, type GraphNode, NODE_KINDS } from "../../builders/Graph.js"
import { type Origin, provenanceOf } from "../../builders/provenance/index.js"
import type { GraphFlowSink, GraphFlowStop, GraphMatcher } from "../../domain/Rule.js"
import { SEVERITIES, type Severity } from "../../domain/severities.js"
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
 *   Items, Langflow LoopComponent, Flowise Loop) and are skipped, unless that node's parameter
 *   matches `restart_param` (it restarts rather than ends); a node whose parameter matches
 *   `counter_param` counts the laps, which bounds the cycle. With `node_kinds`/`node_types`, only
 *   components holding such a node count. One finding per cycle, at the edge that closes it (the
 *   connection back to a node already on the path from where the cycle is entered: where a counter
 *   or an exit goes), naming every node of the cycle, which also become related locations, and
 *   saying when every lap calls a model or makes an HTTP request.
 * - `flow`: parameters of sink nodes (`sinks`: node types or kinds, parameter paths, a check)
 *   whose references resolve (src/builders/provenance) to data of a reported provenance. Untrusted
 *   data is a vulnerability at the matcher's severity (or at the matcher's declared `risk_tier`);
 *   unknown data a risk pattern one severity lower; secret or config data (when listed) a
 *   vulnerability. `host` counts only references in a
 *   URL's scheme or host, `sql` and `value` any reference. `@input` names the node's data input;
 *   with `code_matches`, only nodes whose user code matches are sinks and the finding points there.
 *   `sanitizers` and `guards` name nodes (types or kinds, plus conditions) that stop a flow: an
 *   origin produced by such a node, or whose every path to the sink runs through one (leaving it by
 *   a checked output), does not report; with `checks`, only sink references written like the
 *   value the node checks.
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
  cycle: ["node_kinds", "node_types", "exclude_types", "counter_param", "restart_param"],
  flow: ["sinks", "provenance", "exclude_types", "sanitizers", "guards"],
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
  "exclude_types",
  "sinks",
  "provenance",
  "sanitizers",
  "guards",
  "counter_param",
  "restart_param"
]

interface ParamRegex {
  readonly name: RegExp
  readonly exact: string | undefined
  readonly regex: RegExp
}

interface CompiledStop {
  readonly kinds: ReadonlySet<string> | undefined
  readonly types: TypeSet | undefined
  readonly when: ParamRegex | undefined
  readonly absent: ReadonlyArray<string> | undefined
  readonly code: RegExp | undefined
  readonly outputs: RegExp | undefined
  readonly checks: ReadonlyArray<PathStep> | undefined
}

interface CompiledSink {
  readonly kinds: ReadonlySet<string> | undefined
  readonly types: TypeSet | undefined
  readonly params: ReadonlyArray<ReadonlyArray<PathStep> | "@input">
  readonly check: "value" | "host" | "sql"
  readonly code: RegExp | undefined
  readonly when: ParamRegex | undefined
  readonly label: string | undefined
}

/** One step of a sink parameter path: a key (`*` = any) and an optional item filter. */
interface PathStep {
  readonly key: string | undefined
  /** the key as a pattern, when it has a `*` */
  readonly keyGlob: RegExp | undefined
  readonly filter: { readonly field: string; readonly regex: RegExp } | undefined
}

interface Compiled {
  readonly entry: MatcherEntry<GraphMatcher>
  readonly check: Check
  readonly kinds: ReadonlySet<string> | undefined
  readonly types: TypeSet | undefined
  readonly exclude: TypeSet
  readonly absent: ReadonlyArray<string> | undefined
  readonly param: { readonly name: RegExp; readonly exact: string | undefined; readonly regex: RegExp } | undefined
  readonly code: RegExp | undefined
  readonly from: ReadonlySet<string>
  readonly to: ReadonlySet<string>
  /** undefined: direct edges only; "any": any node in between */
  readonly through: ReadonlySet<string> | "any" | undefined
  readonly sinks: ReadonlyArray<CompiledSink>
  readonly stops: ReadonlyArray<CompiledStop>
  readonly provenance: ReadonlySet<string>
  readonly severity: Severity
  readonly counter: ParamRegex | undefined
  readonly restart: ParamRegex | undefined
}

const glob = (pattern: string): RegExp =>
  new RegExp(`^${pattern.split("*").map((p) => p.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`)

/**
 * A list of node type patterns: names without `*` are looked up, the wildcards tested once per
 * type (node types repeat across nodes, rules and files).
 */
class TypeSet {
  private readonly exact: ReadonlySet<string>
  private readonly wild: ReadonlyArray<RegExp>
  private readonly seen = new Map<string, boolean>()
  constructor(patterns: ReadonlyArray<string>) {
    this.exact = new Set(patterns.filter((p) => !p.includes("*")))
    this.wild = patterns.filter((p) => p.includes("*")).map(glob)
  }
  has(type: string): boolean {
    if (this.exact.has(type)) return true
    if (this.wild.length === 0) return false
    let hit = this.seen.get(type)
    if (hit === undefined) {
      hit = this.wild.some((r) => r.test(type))
      if (this.seen.size < 4096) this.seen.set(type, hit)
    }
    return hit
  }
}

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
        else if (rule.check === "flow") out.push(...runFlow(rule, ctx))
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
  if (m.check === "flow" && m.sinks === undefined) fail("flow needs sinks")
  const paramRegex = (p: { name: string; regex: string } | undefined, what: string): ParamRegex | undefined =>
    p === undefined ? undefined : { name: glob(p.name), exact: p.name.includes("*") ? undefined : p.name, regex: regex(p.regex, `${what}.regex`) }
  const sinks = (m.sinks ?? []).map((sink: GraphFlowSink, i): CompiledSink => {
    if (sink.node_types === undefined && sink.node_kinds === undefined) fail(`sinks[${i}] needs node_types or node_kinds`)
    return {
      kinds: kindSet(`sinks[${i}].node_kinds`, sink.node_kinds, false),
      types: sink.node_types === undefined ? undefined : new TypeSet(sink.node_types),
      params: sink.params.map((p) => (p === "@input" ? "@input" : parsePath(p, (msg) => fail(`sinks[${i}].params: ${msg}`)))),
      check: sink.check ?? "value",
      code: sink.code_matches === undefined ? undefined : regex(sink.code_matches, `sinks[${i}].code_matches`),
      when: paramRegex(sink.param_matches, `sinks[${i}].param_matches`),
      label: sink.label
    }
  })
  const stops = [...(m.sanitizers ?? []).map((g, i) => [g, `sanitizers[${i}]`] as const), ...(m.guards ?? []).map((g, i) => [g, `guards[${i}]`] as const)].map(
    ([g, where]: readonly [GraphFlowStop, string]): CompiledStop => {
      if (g.node_types === undefined && g.node_kinds === undefined) fail(`${where} needs node_types or node_kinds`)
      return {
        kinds: kindSet(`${where}.node_kinds`, g.node_kinds, false),
        types: g.node_types === undefined ? undefined : new TypeSet(g.node_types),
        when: paramRegex(g.param_matches, `${where}.param_matches`),
        absent: g.param_absent,
        code: g.code_matches === undefined ? undefined : regex(g.code_matches, `${where}.code_matches`),
        outputs: g.outputs === undefined ? undefined : regex(g.outputs, `${where}.outputs`),
        checks: g.checks === undefined ? undefined : parsePath(g.checks, (msg) => fail(`${where}.checks: ${msg}`))
      }
    }
  )
  const through = kindSet("through_kinds", m.through_kinds, true)
  const defaultKinds = m.check === "unbounded_loop" && m.node_kinds === undefined && m.node_types === undefined ? ["loop", "agent"] : m.node_kinds
  return {
    entry,
    check: m.check,
    kinds: kindSet("node_kinds", defaultKinds, false),
    types: m.node_types === undefined ? undefined : new TypeSet(m.node_types),
    exclude: new TypeSet(m.exclude_types ?? []),
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
    through: through === undefined ? undefined : through.has("*") ? "any" : through,
    sinks,
    stops,
    provenance: new Set(m.provenance ?? ["untrusted", "unknown"]),
    severity: m.severity ?? entry.rule.severity,
    counter: paramRegex(m.counter_param, "counter_param"),
    restart: paramRegex(m.restart_param, "restart_param")
  }
}

/** `a.b.*`, `messages[role=system].content`, `[type=(System)?].message`: steps of a parameter path. */
function parsePath(path: string, fail: (message: string) => never): Array<PathStep> {
  const steps: Array<PathStep> = []
  let i = 0
  while (i <= path.length) {
    let j = i
    while (j < path.length && path[j] !== "." && path[j] !== "[") j++
    const key = path.slice(i, j)
    let filter: PathStep["filter"]
    if (path[j] === "[") {
      const close = path.indexOf("]", j)
      const eq = path.indexOf("=", j)
      if (close < 0 || eq < 0 || eq > close) fail(`a filter is written [field=regex] in ${JSON.stringify(path)}`)
      const field = path.slice(j + 1, eq)
      const source = path.slice(eq + 1, close)
      if (!/^[A-Za-z_][\w-]*$/.test(field)) fail(`invalid filter field ${JSON.stringify(field)}`)
      try {
        filter = { field, regex: new RegExp(`^(?:${source})$`, "i") }
      } catch (e) {
        fail(`invalid filter regex ${JSON.stringify(source)}: ${(e as Error).message}`)
      }
      j = close + 1
    }
    if (key === "" && filter === undefined) fail(`empty step in ${JSON.stringify(path)}`)
    steps.push({ key: key === "" ? undefined : key, keyGlob: key.includes("*") ? glob(key) : undefined, filter })
    if (j >= path.length) break
    if (path[j] !== ".") fail(`a "." is expected at position ${j} of ${JSON.stringify(path)}`)
    i = j + 1
  }
  return steps
}

/** Per-run state: adjacency and the deadline. */
class Context {
  private steps = 0
  readonly index = new Map<string, number>()
  readonly out: Array<Array<number>>
  readonly selfLoop: Array<boolean>
  /** the first edge written from one node to another, keyed `source index:target index` */
  readonly edgeAt = new Map<string, GraphEdge>()

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
      if (!this.edgeAt.has(`${s}:${t}`)) this.edgeAt.set(`${s}:${t}`, e)
    }
  }

  /** the graph's edges leaving a node (every output, unlike `out`) */
  edgesFrom(s: number): ReadonlyArray<GraphEdge> {
    if (this.bySource === undefined) {
      this.bySource = this.graph.nodes.map(() => [])
      for (const e of this.graph.edges) {
        const from = this.index.get(e.source)
        if (from !== undefined && this.index.has(e.target)) this.bySource[from]!.push(e)
      }
    }
    return this.bySource[s]!
  }
  private bySource: Array<Array<GraphEdge>> | undefined

  /** the strongly connected components, found once per graph for every cycle rule */
  components(): Array<Array<number>> {
    this.sccs ??= components(this)
    return this.sccs
  }
  private sccs: Array<Array<number>> | undefined

  tick(): void {
    if ((++this.steps & 0xff) === 0 && this.deadline.expired) throw new DeadlineExceeded("graph matching")
  }

  /** where an edge is written, narrowed to its target member; the source node when unknown */
  closingEdge(s: number, t: number): { span: Span; path: StructuredPath } {
    const edge = this.edgeAt.get(`${s}:${t}`)
    const doc = this.graph.doc
    if (edge?.path !== undefined) {
      for (const member of ["node", "target"]) {
        const span = doc.locate([...edge.path, member])
        if (span !== undefined) return { span, path: [...edge.path, member] }
      }
      const whole = doc.locate(edge.path)
      if (whole !== undefined) return { span: whole, path: edge.path }
    }
    const source = this.graph.nodes[s]!
    return { span: source.anchor, path: source.path }
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

const typeIn = (n: GraphNode, patterns: TypeSet): boolean => patterns.has(n.type)

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

const MAX_SHOWN = 12

/** A path of nodes as text; a detail is a message, not a dump, so long paths are elided in the middle. */
function chain(path: ReadonlyArray<number>, nodes: ReadonlyArray<GraphNode>): string {
  const shown = path.length > MAX_SHOWN ? [...path.slice(0, MAX_SHOWN - 1), -1, path[path.length - 1]!] : path
  return shown.map((i) => (i === -1 ? "..." : who(nodes[i]!))).join(" -> ")
}

function paramHolds(p: ParamRegex, n: GraphNode): boolean {
  const candidates: Array<[string, unknown]> =
    p.exact !== undefined ? [[p.exact, getParam(n, p.exact)]] : flatten(n.params).filter(([name, value]) => (value === null || typeof value !== "object") && p.name.test(name))
  return candidates.some(([, v]) => {
    const text = paramText(v)
    return text !== undefined && p.regex.test(text)
  })
}

/**
 * The edge that closes a cycle: a depth-first walk inside the component, from the member the rest
 * of the graph enters first, meets it as the edge back to a node still on the walk. Returns the
 * cycle as node indexes, first node repeated at the end; its last step is the closing edge.
 */
function closingCycle(component: ReadonlyArray<number>, ctx: Context): Array<number> {
  const members = new Set(component)
  if (component.length === 1) return [component[0]!, component[0]!]
  let entry = component[0]!
  outer: for (const v of component) {
    for (let u = 0; u < ctx.out.length; u++) {
      if (!members.has(u) && ctx.out[u]!.includes(v)) {
        entry = v
        break outer
      }
    }
  }
  const onPath: Array<number> = [entry]
  const position = new Map<number, number>([[entry, 0]])
  const visited = new Set<number>([entry])
  const next: Array<number> = [0]
  while (onPath.length > 0) {
    ctx.tick()
    const v = onPath[onPath.length - 1]!
    const edges = ctx.out[v]!
    const i = next[next.length - 1]!
    if (i >= edges.length) {
      onPath.pop()
      next.pop()
      position.delete(v)
      continue
    }
    next[next.length - 1] = i + 1
    const w = edges[i]!
    if (!members.has(w)) continue
    const at = position.get(w)
    if (at !== undefined) return [...onPath.slice(at), w]
    if (visited.has(w)) continue
    visited.add(w)
    position.set(w, onPath.length)
    onPath.push(w)
    next.push(0)
  }
  return [entry, entry]
}

/** What every lap of a cycle costs: model calls and HTTP requests on its path. */
function lapNote(cycle: ReadonlyArray<number>, nodes: ReadonlyArray<GraphNode>): string {
  const lap = [...new Set(cycle)].map((i) => nodes[i]!)
  const models = lap.filter((n) => n.kind === "llm" || n.kind === "agent").map((n) => `"${n.name}"`)
  const http = lap.filter((n) => n.kind === "http").map((n) => `"${n.name}"`)
  const parts: Array<string> = []
  if (models.length > 0) parts.push(`calls a model (${models.join(", ")})`)
  if (http.length > 0) parts.push(`makes an HTTP request (${http.join(", ")})`)
  return parts.length === 0 ? "" : `; every lap ${parts.join(" and ")}`
}

const MAX_RELATED = 50

function runCycle(rule: Compiled, ctx: Context): Array<RawMatch> {
  const nodes = ctx.graph.nodes
  const out: Array<RawMatch> = []
  for (const component of ctx.components()) {
    const first = component[0]!
    if (component.length === 1 && !ctx.selfLoop[first]) continue
    const members = component.map((i) => nodes[i]!)
    // a designed loop bounds the cycle, unless it is set to restart
    if (members.some((n) => typeIn(n, rule.exclude) && (rule.restart === undefined || !paramHolds(rule.restart, n)))) continue
    if ((rule.kinds !== undefined || rule.types !== undefined) && !members.some((n) => selected(rule, n))) continue
    if (rule.counter !== undefined && members.some((n) => paramHolds(rule.counter!, n))) continue
    const cycle = closingCycle(component, ctx)
    const from = cycle[cycle.length - 2]!
    const to = cycle[cycle.length - 1]!
    const more = component.length > MAX_SHOWN || component.length > cycle.length - 1 ? ` (${component.length} nodes in the loop)` : ""
    const closing = `closed by the connection from ${who(nodes[from]!)} to ${who(nodes[to]!)}`
    const detail = `cycle: ${chain(cycle, nodes)}${more}, ${closing}${lapNote(cycle, nodes)}`
    const related = component.slice(0, MAX_RELATED).map((i) => ({ ...nodes[i]!.anchor, message: `${who(nodes[i]!)}: in the cycle` }))
    const at = ctx.closingEdge(from, to)
    out.push({ ...ctx.match(rule, at.span, at.path, detail), related })
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

// --- flow: data of a provenance reaching a sink parameter

const lower = (s: Severity): Severity => SEVERITIES[Math.min(SEVERITIES.indexOf(s) + 1, SEVERITIES.length - 1)]!

/** Concrete `[dotted name, value]` pairs a parameter path selects in a node's settings. */
function selectParams(params: Readonly<Record<string, unknown>>, steps: ReadonlyArray<PathStep>): Array<[string, unknown]> {
  let current: Array<[string, unknown]> = [["", params]]
  for (const step of steps) {
    const next: Array<[string, unknown]> = []
    for (const [name, value] of current) {
      const join = (k: string | number): string => (name === "" ? String(k) : `${name}.${k}`)
      let children: Array<[string, unknown]>
      if (step.key === undefined) children = [[name, value]]
      else if (step.keyGlob !== undefined) {
        const keyGlob = step.keyGlob
        children =
          Array.isArray(value) ? value.map((v, i): [string, unknown] => [join(i), v])
          : value !== null && typeof value === "object" ? Object.entries(value).map(([k, v]): [string, unknown] => [join(k), v])
          : []
        children = children.filter(([childName]) => keyGlob.test(childName.slice(childName.lastIndexOf(".") + 1)))
      } else if (value !== null && typeof value === "object" && !Array.isArray(value) && Object.prototype.hasOwnProperty.call(value, step.key)) {
        children = [[join(step.key), (value as Record<string, unknown>)[step.key]]]
      } else children = []
      for (const [childName, child] of children) {
        if (step.filter === undefined) {
          next.push([childName, child])
          continue
        }
        if (!Array.isArray(child)) continue
        const { field, regex } = step.filter
        child.forEach((item, i) => {
          if (item === null || typeof item !== "object") return
          const v = (item as Record<string, unknown>)[field]
          if (regex.test(v === undefined || v === null ? "" : String(v))) next.push([childName === "" ? String(i) : `${childName}.${i}`, item])
        })
      }
    }
    current = next
  }
  // an empty value still counts: a Langflow field wired from another component holds ""
  return current.filter(([, v]) => v !== undefined)
}

/**
 * Where the scheme and host of a URL end in its text: references before that offset choose where
 * the request goes. A URL that starts with a reference is chosen whole by it, unless the reference
 * is an expression that starts with a fixed `scheme://host/` string.
 */
export function hostEnd(text: string): number {
  let i = 0
  while (i < text.length && (text[i] === "=" || /\s/.test(text[i]!))) i++
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.exec(text.slice(i))
  if (scheme === null && text.startsWith("{{", i)) {
    const body = /^\{\{[#\s]*(['"`])[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/'"`$\s{]+\//.exec(text.slice(i))
    return body !== null ? i : i + 1
  }
  if (scheme !== null) i += scheme[0].length
  while (i < text.length) {
    if (text.startsWith("{{", i)) {
      // a reference inside the host: the host is chosen by it
      return i + 1
    }
    if (text[i] === "/" || text[i] === "?" || text[i] === "#") return i
    i++
  }
  return i
}

const PHRASE: Readonly<Record<CompiledSink["check"], string>> = {
  host: "takes its scheme or host from",
  sql: "builds its query from",
  value: "receives"
}

function runFlow(rule: Compiled, ctx: Context): Array<RawMatch> {
  const provenance = provenanceOf(ctx.graph)
  const out: Array<RawMatch> = []
  const reported = new Set<string>()
  for (const node of ctx.graph.nodes) {
    ctx.tick()
    if (typeIn(node, rule.exclude)) continue
    for (const sink of rule.sinks) {
      if (!((sink.kinds?.has(node.kind) ?? false) || (sink.types !== undefined && typeIn(node, sink.types)))) continue
      if (sink.when !== undefined && !paramHolds(sink.when, node)) continue
      let codeSpan: Span | undefined
      let codePath: StructuredPath | undefined
      if (sink.code !== undefined) {
        for (const code of node.embeddedCode) {
          if (code.builtin) continue
          const m = sink.code.exec(code.code)
          if (m === null) continue
          const start = code.toFileOffset(m.index)
          codeSpan = { start, end: Math.max(start, code.toFileOffset(m.index + m[0].length)) }
          codePath = code.path
          break
        }
        if (codeSpan === undefined) continue
      }
      for (const param of sink.params) {
        const candidates: Array<{ name: string; origins: ReadonlyArray<Origin>; span: Span; path: StructuredPath }> = []
        const open = (origins: ReadonlyArray<Origin>, ref?: string): Array<Origin> =>
          rule.stops.length === 0 ? [...origins] : origins.filter((o) => !stopped(ctx, rule.stops, o, node, ref))
        if (param === "@input") {
          candidates.push({ name: "its input", origins: open(provenance.input(node)), span: codeSpan ?? node.anchor, path: codePath ?? node.path })
        } else {
          for (const [name, value] of selectParams(node.params, param)) {
            const vp = provenance.param(node, name, value)
            const cut = sink.check === "host" && vp.text !== undefined ? hostEnd(vp.text) : Infinity
            const origins = [...open(vp.whole), ...vp.refs.filter((r) => r.start < cut).flatMap((r) => open(r.origins, vp.text?.slice(r.start, r.end)))]
            const located = ctx.graph.doc.locate(node.paramPath(name))
            candidates.push({
              name,
              origins,
              span: codeSpan ?? located ?? node.anchor,
              path: codePath ?? (located !== undefined ? node.paramPath(name) : node.path)
            })
          }
        }
        for (const c of candidates) {
          const hit = worst(c.origins, rule.provenance)
          if (hit === undefined) continue
          const key = `${c.span.start}:${c.span.end}`
          if (reported.has(key)) continue
          reported.add(key)
          const labels = [...new Set(c.origins.filter((o) => o.provenance === hit.provenance).map((o) => o.label))]
          const shown = labels.length > 3 ? [...labels.slice(0, 3), `${labels.length - 3} more`] : labels
          const what = sink.label === undefined ? "" : ` (${sink.label})`
          const detail = `node ${who(node)}${what}: ${c.name} ${PHRASE[sink.check]} ${shown.join("; ")}${hit.provenance === "unknown" ? " (provenance unknown)" : ""}`
          const m = ctx.match(rule, c.span, c.path, detail)
          // a proven flow is a vulnerability, unless the matcher declares its tier: governance rules
          // follow data only to decide whether an effect is chosen by an outsider (the model)
          const proven = rule.entry.matcher.risk_tier ?? "vulnerability"
          out.push(hit.provenance === "unknown" ? { ...m, riskTier: "risk_pattern", severity: lower(rule.severity) } : { ...m, riskTier: proven })
        }
      }
    }
  }
  return out
}

/**
 * The origin cannot reach the sink unchecked: its producer is a stop node, or every path from the
 * producer to the sink leaves some stop node through a checked output. Origins without a producing
 * node (a store, `$fromAI`) are never stopped.
 */
function stopped(ctx: Context, stops: ReadonlyArray<CompiledStop>, origin: Origin, sink: GraphNode, ref: string | undefined): boolean {
  if (origin.nodeId === undefined) return false
  const start = ctx.index.get(origin.nodeId)
  const target = ctx.index.get(sink.id)
  if (start === undefined || target === undefined || start === target) return false
  const applies = (n: GraphNode): Array<CompiledStop> => stops.filter((g) => stopHolds(g, n, ref))
  const producer = ctx.graph.nodes[start]!
  if (applies(producer).some((g) => g.outputs === undefined)) return true
  // a producer the edges do not lead from to the sink (a reference to a node elsewhere in the
  // workflow, a tool wired the other way) cannot be judged by paths: not stopped
  return reaches(ctx, start, target, () => false) && !reaches(ctx, start, target, (u, e) => {
    const output = edgeOutput(ctx.graph, e)
    return applies(ctx.graph.nodes[u]!).some((g) => g.outputs === undefined || (output !== undefined && g.outputs.test(output)))
  })
}

/** Whether edges lead from one node to another, not following the edges `blocked` names. */
function reaches(ctx: Context, start: number, target: number, blocked: (from: number, e: GraphEdge) => boolean): boolean {
  const seen = new Set<number>([start])
  const queue = [start]
  while (queue.length > 0) {
    ctx.tick()
    const u = queue.shift()!
    for (const e of ctx.edgesFrom(u)) {
      if (blocked(u, e)) continue
      const v = ctx.index.get(e.target)!
      if (v === target) return true
      if (!seen.has(v)) {
        seen.add(v)
        queue.push(v)
      }
    }
  }
  return false
}

function stopHolds(g: CompiledStop, n: GraphNode, ref: string | undefined): boolean {
  if (!((g.kinds?.has(n.kind) ?? false) || (g.types !== undefined && typeIn(n, g.types)))) return false
  if (g.when !== undefined && !paramHolds(g.when, n)) return false
  if (g.absent !== undefined && g.absent.some((name) => getParam(n, name) !== undefined)) return false
  if (g.code !== undefined && !n.embeddedCode.some((c) => !c.builtin && g.code!.test(c.code))) return false
  if (g.checks === undefined) return true
  // the node checks a value: it stops only the reference the sink writes the same way
  const wanted = ref === undefined ? undefined : referenceBody(ref)
  return wanted !== undefined && selectParams(n.params, g.checks).some(([, v]) => typeof v === "string" && referenceBody(v) === wanted)
}

/** `={{ $json.body.host }}` -> `$json.body.host`: an expression's body without markers and spaces. */
const referenceBody = (text: string): string | undefined => {
  let t = text.trim()
  if (t.startsWith("=")) t = t.slice(1).trim()
  if (!t.startsWith("{{") || !t.endsWith("}}") || t.length < 4) return undefined
  const body = t.slice(2, -2).replace(/\s+/g, "")
  let from = 0
  let to = body.length
  while (from < to && body[from] === "#") from++
  while (to > from && body[to - 1] === "#") to--
  return body.slice(from, to)
}

/** The output an edge leaves its source by: n8n's output index, or a Dify / Flowise source handle. */
function edgeOutput(graph: BuilderGraph, e: GraphEdge): string | undefined {
  if (e.path === undefined) return undefined
  if (graph.builder.name === "n8n") {
    const o = e.path[e.path.length - 2]
    return typeof o === "number" ? String(o) : undefined
  }
  let value: unknown = graph.doc.value
  for (const seg of e.path) value = value !== null && typeof value === "object" ? (value as Record<string | number, unknown>)[seg] : undefined
  const handle = value !== null && typeof value === "object" ? (value as Record<string, unknown>).sourceHandle : undefined
  return typeof handle === "string" ? handle : undefined
}

/** The origin that decides the finding: untrusted first, then secret, config, unknown; undefined when none is reported. */
function worst(origins: ReadonlyArray<Origin>, wanted: ReadonlySet<string>): Origin | undefined {
  for (const p of ["untrusted", "secret", "config", "unknown"] as const) {
    if (!wanted.has(p)) continue
    const o = origins.find((x) => x.provenance === p)
    if (o !== undefined) return o
  }
  return undefined
}
