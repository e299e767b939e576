import type { CodeGraphEdge, CodeGraphMatcher } from "../../domain/FlowRule.js"
import { compileName, NameIndex, type NamePattern, type Requirement } from "../flow/names.js"
import type { Call, Expr, SemanticModel, Statement } from "../model/Model.js"
import { heldValue } from "../model/heldValue.js"
import { argOf } from "../model/ModelBuilder.js"
import type { RawMatch } from "./RawMatch.js"
import type { MatcherEntry } from "./treeSitter.js"

type GraphEntry = MatcherEntry<CodeGraphMatcher>

/**
 * Graphs built in code (LangGraph `add_edge`, `add_conditional_edges`, `addEdge`, ...), read from
 * the semantic model: the edge calls of one function form one graph, whose strongly connected
 * components are its cycles. No back-referencing regexes: names are compared as strings.
 */
export interface CompiledCodeGraphs {
  readonly literals: ReadonlyArray<Requirement>
  readonly run: (model: SemanticModel) => Array<RawMatch>
}

interface Edge {
  readonly from: string
  readonly to: string
  /** where the edge is added (a call, or an attribute assignment) */
  readonly at: { readonly start: number; readonly end: number; readonly text: string }
  /** added by a call inside the source node's own function (`@caller`): where a recursion is reported */
  readonly caller?: boolean
  /** a conditional edge (through a router) */
  readonly routed: boolean
  /** its router orders values: it counts its passes */
  readonly counted: boolean
  /** a plain call between the file's functions: it joins an agent's cycle, it makes none alone */
  readonly plain?: true
}

/** the end node, and a router whose targets are unknown (it may go to any node) */
const END = "\u0000end"
const ANY = "\u0000any"

export const compileCodeGraphs = (entries: ReadonlyArray<GraphEntry>): CompiledCodeGraphs => {
  const edges = new NameIndex<{ entry: GraphEntry; edge: CodeGraphEdge }>()
  for (const entry of entries) for (const edge of entry.matcher.edges) for (const c of edge.callee) edges.add(c, { entry, edge })
  const compiled = entries.map((entry) => ({
    entry,
    end: (entry.matcher.end ?? []).map(compileName),
    bounds: (entry.matcher.bounds ?? []).map((b) => ({ callee: b.callee.map(compileName), keywords: typeof b.keyword === "string" ? [b.keyword] : b.keyword })),
    routers: (entry.matcher.routers ?? []).map((r) => ({ callee: r.callee.map(compileName), targets: r.targets }))
  }))

  const run = (model: SemanticModel): Array<RawMatch> => {
    if (entries.length === 0) return []
    const perEntry = new Map<GraphEntry, Map<number, Array<Edge>>>()
    for (const call of model.calls) {
      // a chained call on an unknown receiver is named `.addEdge`: any receiver
      const hits = edges.lookup(call.callee.startsWith(".") ? `?${call.callee}` : call.callee)
      for (const { entry, edge } of hits) {
        const c = compiled.find((x) => x.entry === entry)!
        const graphs = perEntry.get(entry) ?? new Map<number, Array<Edge>>()
        perEntry.set(entry, graphs)
        // builder calls form one graph per function; agents, tasks and tools are linked across the file
        const key = typeof edge.from === "string" && edge.from.startsWith("@") ? -1 : call.fn
        const list = graphs.get(key) ?? []
        graphs.set(key, list)
        list.push(...edgesOf(model, call, edge, c.end, c.routers))
      }
    }
    // in a graph of calls, a function of the file leads to the functions of the file it calls by name
    // (`def delegate(t): return run_research(t)`, where run_research runs the agent that owns delegate)
    for (const c of compiled) {
      const graphs = perEntry.get(c.entry)
      if (c.entry.matcher.cycle !== "calls" || graphs === undefined) continue
      const local = new Set(model.functions.map((f) => f.name))
      const list = graphs.get(-1) ?? []
      graphs.set(-1, list)
      for (const call of model.calls)
        if (call.fn !== -1 && !call.callee.includes(".") && local.has(call.callee))
          list.push({ from: model.functions[call.fn]!.name, to: call.callee, at: { start: where(call), end: call.span.end, text: call.written }, caller: true, routed: false, counted: false, plain: true })
    }
    // attribute forms join the module's graph: `task.context = [...]` is written anywhere
    for (const c of compiled)
      for (const edge of c.entry.matcher.edges)
        if (edge.field !== undefined && perEntry.has(c.entry)) {
          const graphs = perEntry.get(c.entry)!
          const all = [...graphs.values()].flat()
          graphs.clear()
          graphs.set(-1, [...all, ...fieldEdges(model, edge.field, c.end)])
        }
    const out: Array<RawMatch> = []
    for (const c of compiled) {
      const graphs = perEntry.get(c.entry)
      if (graphs === undefined || bounded(model, c.bounds)) continue
      for (const list of graphs.values()) out.push(...cyclesOf(list, c.entry))
    }
    return out
  }
  // a function that passes a bound must be modelled too: its keywords are literals of interest
  const bounds = entries.flatMap((e) => (e.matcher.bounds ?? []).flatMap((b) => (typeof b.keyword === "string" ? [b.keyword] : b.keyword)))
  return { literals: [...edges.literals, ...bounds.map((word) => ({ word }))], run }
}

const isEnd = (e: Expr, end: ReadonlyArray<NamePattern>): boolean =>
  ((e.k === "ref" || e.k === "name") && end.some((p) => p.test(e.name))) || (e.k === "lit" && typeof e.value === "string" && end.some((p) => p.source === e.value))

/** A node name: a string constant, the end constant, or a module constant holding one. */
const lastOf = (callee: string): string => callee.slice(callee.lastIndexOf(".") + 1)

const nodeOf = (model: SemanticModel, e: Expr | undefined, end: ReadonlyArray<NamePattern>, loose = false): string | undefined => {
  if (e === undefined) return undefined
  if (isEnd(e, end)) return END
  if (e.k === "lit" && typeof e.value === "string") return e.value
  if (e.k === "name") {
    const v = model.constants.get(e.name)
    if (v !== undefined && v !== e && v.k === "lit") return nodeOf(model, v, end)
    // in graphs of owners and callers a variable or function is a node by its name (CrewAI tasks,
    // agents and tools); a builder's node names are strings, and a variable there is unknown
    return loose ? e.name : undefined
  }
  return undefined
}

export const namesIn = (model: SemanticModel, e: Expr | undefined, end: ReadonlyArray<NamePattern>, loose = false, depth = 0): Array<string> => {
  if (e === undefined) return []
  if (e.k === "container") return e.entries.flatMap((x) => namesIn(model, x.value, end, loose, depth))
  if (loose) {
    // a list held by a module-level name (`TOOLS = [web_search, delegate]`): its elements
    const held = e.k === "name" && depth < 2 ? model.constants.get(e.name) : undefined
    if (held?.k === "container") return namesIn(model, held, end, loose, depth + 1)
    // `self.review_task()` names the task its method returns; `self.agent` the attribute
    if (e.k === "call" && model.calls[e.call]!.args.length === 0) return [lastOf(model.calls[e.call]!.callee)]
    // a call wrapping a node names it: the local variable it is called on (`translator.as_tool(name=...)`),
    // else its first positional argument when that is a name (`handoff(refunds)`)
    if (e.k === "call") {
      const c = model.calls[e.call]!
      if (c.receiver?.k === "name" && c.receiver.name !== "self" && c.receiver.name !== "this") return [c.receiver.name]
      const first = c.args.find((a) => a.name === undefined)
      return first !== undefined && first.value.k === "name" ? [first.value.name] : []
    }
    if (e.k === "attr" && e.obj.k === "name" && (e.obj.name === "self" || e.obj.name === "this")) return [e.name]
  }
  const n = nodeOf(model, e, end, loose)
  return n === undefined ? [] : [n]
}

const edgesOf = (
  model: SemanticModel,
  call: Call,
  edge: CodeGraphEdge,
  end: ReadonlyArray<NamePattern>,
  routers: ReadonlyArray<{ callee: ReadonlyArray<NamePattern>; targets: ReadonlyArray<string> }>
): Array<Edge> => {
  const at = { start: where(call), end: call.span.end, text: call.written }
  const caller = edge.from === "@caller"
  const loose = typeof edge.from === "string" && edge.from.startsWith("@")
  // `addEdge(["a", "b"], "c")`: several sources join into one target
  const froms =
    edge.from === "@owner" ? ownersOf(model, call) : caller ? (call.fn === -1 ? [] : [model.functions[call.fn]!.name]) : namesIn(model, argOf(call.args, edge.from)?.value, end, loose)
  if (edge.to !== undefined) {
    const toArg = edge.to === "@receiver" ? call.receiver : argOf(call.args, edge.to)?.value
    const tos = namesIn(model, toArg, end, loose)
    const counted = caller && call.fn !== -1 && model.functions[call.fn]!.compares === true
    return froms.flatMap((from) => tos.map((to) => ({ from, to, at, caller, routed: false, counted })))
  }
  const router = edge.router === undefined ? undefined : argOf(call.args, edge.router)?.value
  const fn = routerFunction(model, router, call.fn)
  const counted = routerFunctions(model, router, call.fn, 0).some((f) => model.functions[f]!.compares === true)
  let targets: Array<string>
  const routes = edge.routes === undefined ? undefined : argOf(call.args, edge.routes)?.value
  if (routes !== undefined) targets = namesIn(model, routes, end)
  else {
    const known = router !== undefined && (router.k === "ref" || router.k === "name") ? routers.find((r) => r.callee.some((p) => p.test(router.name))) : undefined
    if (known !== undefined) targets = known.targets.map((t) => (end.some((p) => p.source === t) ? END : t))
    else {
      const returned = fn === undefined ? [] : returnsOf(model, fn, end)
      targets = returned.length > 0 ? returned : [ANY]
    }
  }
  return froms.flatMap((from) => targets.map((to) => ({ from, to, at, routed: true, counted })))
}

/** The node a call's result becomes: the variable it is assigned to, or the function returning it. */
const ownersOf = (model: SemanticModel, call: Call): Array<string> => {
  const body = call.fn === -1 ? model.module : model.functions[call.fn]!.body
  const out: Array<string> = []
  for (const s of body) {
    if (s.k === "assign" && s.target.path.length === 0 && s.value.k === "call" && model.calls[s.value.call] === call) out.push(s.target.name)
    if (s.k === "return" && s.value.k === "call" && model.calls[s.value.call] === call && call.fn !== -1) out.push(model.functions[call.fn]!.name)
  }
  return out
}

/** `x.context = [y]` and `x.context.append(y)` (`x.handoffs.push(y)`): edges from x added after its creation. */
const fieldEdges = (model: SemanticModel, field: string, end: ReadonlyArray<NamePattern>): Array<Edge> => {
  const out: Array<Edge> = []
  const scan = (body: ReadonlyArray<Statement>) => {
    for (const s of body)
      if (s.k === "assign" && s.target.path.length === 1 && s.target.path[0] === field)
        for (const to of namesIn(model, s.value, end, true)) out.push({ from: s.target.name, to, at: { start: s.span.start, end: s.span.end, text: `${s.target.name}.${field}` }, routed: false, counted: false })
  }
  scan(model.module)
  for (const f of model.functions) scan(f.body)
  for (const call of model.calls) {
    const r = call.receiver
    if (r?.k !== "attr" || r.name !== field || r.obj.k !== "name" || !/\.(?:append|extend|insert|push|unshift)$/.test(call.callee)) continue
    for (const a of call.args) {
      // a wrapper held by a name first (`const delegate = researcher.asTool(...); researcher.tools.push(delegate)`)
      const held = a.value.k === "name" ? heldValue(a.value, call.fn, model) : undefined
      const value = held?.k === "call" && model.calls[held.call]!.receiver?.k === "name" ? held : a.value
      for (const to of namesIn(model, value, end, true)) out.push({ from: r.obj.name, to, at: { start: call.span.start, end: call.span.end, text: call.written }, routed: false, counted: false })
    }
  }
  return out
}

/** The same-file function a router argument names (a name, an inline lambda or `self.method`). */
const routerFunction = (model: SemanticModel, router: Expr | undefined, scope: number): number | undefined => {
  if (router === undefined) return undefined
  if (router.k === "func") return router.fn
  const name = router.k === "name" ? router.name : router.k === "attr" ? router.name : undefined
  if (name === undefined) return undefined
  // the nearest definition: nested in the builder's function first, then anywhere in the file
  let best: number | undefined
  model.functions.forEach((f, i) => {
    if (f.name !== name) return
    if (best === undefined || f.parent === scope) best = i
  })
  return best
}

/** Every same-file function a router expression refers to (`custom or partial(_should_continue, max_turns=n)`). */
const routerFunctions = (model: SemanticModel, router: Expr | undefined, scope: number, depth: number): Array<number> => {
  if (router === undefined || depth > 3) return []
  if (router.k === "op") return router.parts.flatMap((p) => routerFunctions(model, p, scope, depth + 1))
  if (router.k === "call") return model.calls[router.call]!.args.flatMap((a) => routerFunctions(model, a.value, scope, depth + 1))
  const fn = routerFunction(model, router, scope)
  return fn === undefined ? [] : [fn]
}

/** String constants a router function returns (`return "tools"`, `return END if done else "write"`). */
const returnsOf = (model: SemanticModel, fn: number, end: ReadonlyArray<NamePattern>): Array<string> => {
  const out: Array<string> = []
  const walk = (e: Expr): void => {
    if (e.k === "op" || e.k === "concat") e.parts.forEach(walk)
    else if (e.k === "container") e.entries.forEach((x) => walk(x.value))
    else {
      const n = nodeOf(model, e, end)
      if (n !== undefined) out.push(n)
    }
  }
  for (const s of model.functions[fn]!.body) if (s.k === "return") walk(s.value)
  return out
}

/** A call in the file passes a bound (`config={"recursion_limit": 50}`, `with_config(recursion_limit=…)`). */
const bounded = (model: SemanticModel, bounds: ReadonlyArray<{ callee: ReadonlyArray<NamePattern>; keywords: ReadonlyArray<string> }>): boolean => {
  for (const call of model.calls) {
    const name = call.callee.startsWith(".") ? `?${call.callee}` : call.callee
    for (const b of bounds) if (b.callee.some((p) => p.test(name)) && passes(model, call, b.keywords, 0)) return true
  }
  return false
}

const passes = (model: SemanticModel, call: Call, keywords: ReadonlyArray<string>, depth: number): boolean =>
  call.args.some((a) => (a.name !== undefined && keywords.includes(a.name)) || holdsKey(model, a.value, keywords, call.fn, depth))

/** A dict / object with one of the keys, directly, through a variable or a config call. */
const holdsKey = (model: SemanticModel, e: Expr, keywords: ReadonlyArray<string>, fn: number, depth: number): boolean => {
  if (depth > 3) return false
  if (e.k === "container") return e.entries.some((x) => (x.key !== undefined && keywords.includes(x.key)) || holdsKey(model, x.value, keywords, fn, depth + 1))
  if (e.k === "call") return passes(model, model.calls[e.call]!, keywords, depth + 1)
  if (e.k === "name") {
    const assigned = (body: ReadonlyArray<Statement>): boolean =>
      body.some((s) => s.k === "assign" && s.target.name === e.name && (s.target.path.length === 0 ? holdsKey(model, s.value, keywords, fn, depth + 1) : keywords.includes(s.target.path[0]!)))
    return (fn !== -1 && assigned(model.functions[fn]!.body)) || assigned(model.module)
  }
  return false
}

/** One finding per cycle (strongly connected component), at the edge call that closes it. */
const cyclesOf = (edges: ReadonlyArray<Edge>, entry: GraphEntry): Array<RawMatch> => {
  const nodes = [...new Set(edges.flatMap((e) => [e.from, e.to]))].filter((n) => n !== END && n !== ANY)
  // a router that may go anywhere goes to every node of the graph
  const expanded = edges.flatMap((e) => (e.to === ANY ? nodes.map((to) => ({ ...e, to })) : [e])).filter((e) => e.to !== END)
  const unconditional = entry.matcher.cycle === "unconditional"
  const exits = new Set(expanded.filter((e) => e.routed).map((e) => e.from))
  // a call that checks a depth or budget before it runs the agent again does not close a recursion
  const used = unconditional
    ? expanded.filter((e) => !e.routed && !exits.has(e.from) && !exits.has(e.to))
    : entry.matcher.cycle === "calls"
      ? expanded.filter((e) => !e.counted)
      : expanded
  const out: Array<RawMatch> = []
  for (const scc of components(used)) {
    const inside = used.filter((e) => scc.has(e.from) && scc.has(e.to))
    // (a function calling itself, or functions calling each other, is no agent running itself)
    if (inside.length === 0 || inside.every((e) => e.plain === true)) continue
    if (entry.matcher.cycle === "routed" && (!inside.some((e) => e.routed) || inside.some((e) => e.routed && e.counted))) continue
    // a recursion is reported at the call that runs the agent again; other cycles at their last edge
    const callers = inside.filter((e) => e.caller === true)
    const closing = (callers.length > 0 ? callers : inside).reduce((a, b) => (b.at.start > a.at.start ? b : a))
    const cycle = pathOf(inside, closing.to, closing.from)
    out.push({
      ruleId: entry.rule.id,
      matcherIndex: entry.matcherIndex,
      start: closing.at.start,
      end: closing.at.end,
      text: closing.at.text,
      detail: [...cycle, closing.to].join(" -> ")
    })
  }
  return out
}

/**
 * Where an edge call is: its start, or in a chain (`new StateGraph(S).addNode(...).addEdge(...)`,
 * whose calls all start at the chain's head) its first argument, the line that adds the edge.
 */
const where = (call: Call): number => (call.receiver?.k === "call" && call.args.length > 0 ? call.args[0]!.span.start : call.span.start)

/** Tarjan's strongly connected components (iterative over the small edge lists of one graph). */
const components = (edges: ReadonlyArray<Edge>): Array<Set<string>> => {
  const next = new Map<string, Array<string>>()
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to])
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: Array<string> = []
  const on = new Set<string>()
  const out: Array<Set<string>> = []
  let counter = 0
  const visit = (v: string): void => {
    index.set(v, counter)
    low.set(v, counter++)
    stack.push(v)
    on.add(v)
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) === index.get(v)) {
      const scc = new Set<string>()
      for (let w = stack.pop()!; ; w = stack.pop()!) {
        on.delete(w)
        scc.add(w)
        if (w === v) break
      }
      out.push(scc)
    }
  }
  for (const v of next.keys()) if (!index.has(v)) visit(v)
  return out
}

/** The shortest path of nodes from `a` to `b` over the edges (breadth first). */
const pathOf = (edges: ReadonlyArray<Edge>, a: string, b: string): Array<string> => {
  const prev = new Map<string, string>([[a, a]])
  const queue = [a]
  while (queue.length > 0) {
    const v = queue.shift()!
    if (v === b) break
    for (const e of edges) if (e.from === v && !prev.has(e.to)) {
      prev.set(e.to, v)
      queue.push(e.to)
    }
  }
  const path = [b]
  for (let v = b; v !== a; ) {
    v = prev.get(v) ?? a
    path.unshift(v)
  }
  return a === b ? [a] : path
}
