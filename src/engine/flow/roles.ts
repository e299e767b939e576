import type { Call, Expr, FunctionInfo, FunctionRole, SemanticModel } from "../model/Model.js"
import type { FrameworkIndex } from "./FrameworkIndex.js"

/**
 * Gives functions their framework role (LLM tool, MCP tool, route, ...) from the framework models:
 * by decorator, by being passed to a registering call, by a parameter type, by a platform's fixed signature (`def handler(event, context)`), by the name a module exports it under, as a method of a Go type implementing a framework interface, or as the override of a
 * framework base class's method (`_run` of a class deriving from BaseTool). The role decides
 * whether the function's parameters are untrusted.
 */
export const assignRoles = (model: SemanticModel, fw: FrameworkIndex): void => {
  for (const f of model.functions) {
    for (const d of f.decorators) {
      if (fw.notDecorators.lookup(d).length > 0) continue
      const role = fw.decorators.lookup(d)[0]
      if (role !== undefined) f.role = role
    }
    if (f.role === "plain" && f.methodOf !== undefined)
      for (const m of f.methodOf) {
        const role = fw.methods.lookup(m)[0]
        if (role !== undefined) f.role = role
      }
    // Go: a method of a type that has every method of a framework interface (a langchaingo tool's `Call`)
    if (f.role === "plain" && f.typeMethods !== undefined)
      for (const i of fw.implements)
        if (i.methods.includes(f.name) && i.has.every((m) => f.typeMethods!.includes(m))) {
          f.role = i.role
          break
        }
    // a function exported under a name the framework routes by (`export async function POST(req)`)
    if (f.role === "plain" && f.exported === true) f.role = fw.exports.get(f.name) ?? "plain"
    if (f.role === "plain" && f.parent === -1 && f.owner === undefined && f.receiver !== true)
      for (const sig of fw.signatures)
        if (sig.params.length === f.params.length && sig.params.every((p, i) => p === f.params[i])) {
          f.role = sig.role
          break
        }
    if (f.role === "plain" && f.paramTypes !== undefined)
      for (const t of f.paramTypes) {
        const role = t === undefined ? undefined : fw.paramTypes.lookup(t)[0] ?? (f.entry === true ? fw.entryParamTypes.lookup(t)[0] : undefined)
        if (role !== undefined) f.role = role
      }
  }
  if (fw.declarations.length > 0) declaredFunctions(model, fw)
  // a function answering the request it is given (a Django view): only in files that make a response
  if (fw.answers.size > 0 && model.calls.some((c) => fw.answers.lookup(c.callee).length > 0)) {
    const callsOf = new Map<number, Array<Call>>()
    for (const c of model.calls) {
      const list = callsOf.get(c.fn)
      if (list === undefined) callsOf.set(c.fn, [c])
      else list.push(c)
    }
    model.functions.forEach((f, i) => {
      if (f.role !== "plain") return
      const role = answering(model, fw, f, callsOf.get(i) ?? [])
      if (role !== undefined) f.role = role
    })
  }
  if (fw.callbacks.size === 0) return
  for (const call of model.calls) {
    if (call.callbacks === undefined || call.callbacks.length === 0) continue
    for (const spec of fw.callbacks.lookup(call.callee)) {
      for (const cb of call.callbacks) {
        const argOk = spec.arg === undefined || spec.arg === cb.arg
        const fieldOk = spec.field === undefined ? cb.field === undefined || spec.arg === undefined : spec.field === cb.field
        if (argOk && fieldOk) {
          const f = model.functions[cb.fn]
          if (f !== undefined && f.role === "plain") f.role = spec.role
        }
      }
    }
  }
}

/**
 * Tools declared to the model as data (`{"name": "fetch_page", "input_schema": {...}}`), run by the
 * application's own dispatcher with the arguments the model wrote: the file's function of that name,
 * and what a dispatch table holds under it (`{"fetch_page": fetch_page}`, a lambda there), get the
 * declaration's role. Declarations are read from module constants, assignments and call arguments.
 */
const declaredFunctions = (model: SemanticModel, fw: FrameworkIndex): void => {
  const declared = new Map<string, FunctionRole>()
  const tables: Array<Extract<Expr, { k: "container" }>> = []
  const walk = (e: Expr, depth: number): void => {
    if (depth > 6) return
    if (e.k === "op") for (const p of e.parts) walk(p, depth + 1)
    if (e.k !== "container") return
    if (e.entries.some((x) => x.key !== undefined)) tables.push(e)
    for (const d of fw.declarations) {
      const name = e.entries.find((x) => x.key === d.name)?.value
      if (name?.k === "lit" && typeof name.value === "string" && e.entries.some((x) => x.key !== undefined && d.with.includes(x.key))) declared.set(name.value, d.role)
    }
    for (const x of e.entries) walk(x.value, depth + 1)
  }
  for (const v of model.constants.values()) walk(v, 0)
  for (const body of [model.module, ...model.functions.map((f) => f.body)]) for (const s of body) if (s.k === "assign" || s.k === "return") walk(s.value, 0)
  for (const c of model.calls) for (const a of c.args) walk(a.value, 0)
  if (declared.size === 0) return
  const give = (fn: number | undefined, role: FunctionRole): void => {
    const f = fn === undefined ? undefined : model.functions[fn]
    if (f !== undefined && f.role === "plain") f.role = role
  }
  model.functions.forEach((f, i) => {
    const role = declared.get(f.name)
    if (role !== undefined && f.name !== "<lambda>" && f.name !== "<anonymous>") give(i, role)
  })
  const byName = new Map<string, number>()
  model.functions.forEach((f, i) => {
    if (!byName.has(f.name)) byName.set(f.name, i)
  })
  for (const t of tables)
    for (const x of t.entries) {
      const role = x.key === undefined ? undefined : declared.get(x.key)
      if (role === undefined) continue
      if (x.value.k === "func") give(x.value.fn, role)
      else if (x.value.k === "name" || x.value.k === "ref") give(byName.get(x.value.name), role)
      else if (x.value.k === "attr" && x.value.obj.k === "name" && (x.value.obj.name === "self" || x.value.obj.name === "this")) give(byName.get(x.value.name), role)
    }
}

/**
 * The role of a function that answers the request it is given (a Django view): not a method, it
 * returns a call of one of the framework's `answers` (directly or through a variable assigned one),
 * and it reads its first parameter as the request: one of the request's attributes or methods
 * (`request.GET`, `request.headers.get(...)`), or it passes it on first to one of the `answers`
 * (`render(request, ...)`). A helper that only builds a response from a value
 * (`def error(msg): return JsonResponse(...)`) is not one.
 */
const answering = (model: SemanticModel, fw: FrameworkIndex, f: FunctionInfo, calls: ReadonlyArray<Call>): FunctionRole | undefined => {
  const first = f.params[0]
  if (first === undefined || f.owner !== undefined || f.name === "<lambda>" || f.name === "<anonymous>") return undefined
  const callOf = (e: Expr): number | undefined => {
    if (e.k === "call") return e.call
    if (e.k !== "name") return undefined
    for (const s of f.body) if (s.k === "assign" && s.target.name === e.name && s.target.path.length === 0 && s.value.k === "call") return s.value.call
    return undefined
  }
  let role: FunctionRole | undefined
  for (const s of f.body) {
    if (s.k !== "return") continue
    const c = callOf(s.value)
    const found = c === undefined ? undefined : fw.answers.lookup(model.calls[c]!.callee)[0]
    if (found !== undefined) role = found
  }
  if (role === undefined) return undefined
  const attrs = fw.requestAttributes
  const isRequestRead = (name: string): boolean => attrs.size === 0 || attrs.has(name)
  const readsRequest = (e: Expr, depth = 0): boolean => {
    if (depth > 8) return false
    switch (e.k) {
      case "attr":
        return (e.obj.k === "name" && e.obj.name === first && isRequestRead(e.name)) || readsRequest(e.obj, depth + 1)
      case "index":
        return readsRequest(e.obj, depth + 1) || readsRequest(e.key, depth + 1)
      case "concat":
      case "op":
        return e.parts.some((p) => readsRequest(p, depth + 1))
      case "container":
        return e.entries.some((x) => readsRequest(x.value, depth + 1))
      default:
        return false
    }
  }
  for (const c of calls) {
    if (c.callee.startsWith(`${first}.`) && isRequestRead(c.callee.slice(first.length + 1).split(".")[0]!.replace(/\(\)$/, ""))) return role
    const a0 = c.args[0]
    if (a0 !== undefined && a0.name === undefined && a0.value.k === "name" && a0.value.name === first && fw.answers.lookup(c.callee).length > 0) return role
    if (c.args.some((a) => readsRequest(a.value))) return role
  }
  for (const s of f.body) if ((s.k === "assign" || s.k === "iterate" || s.k === "return") && readsRequest(s.value)) return role
  return undefined
}
