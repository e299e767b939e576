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
