import type { SemanticModel } from "../model/Model.js"
import type { FrameworkIndex } from "./FrameworkIndex.js"

/**
 * Gives functions their framework role (LLM tool, MCP tool, route, ...) from the framework models:
 * by decorator, by being passed to a registering call, by a parameter type, by the name a module exports it under, as a method of a Go type implementing a framework interface, or as the override of a
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
    if (f.role === "plain" && f.paramTypes !== undefined)
      for (const t of f.paramTypes) {
        const role = t === undefined ? undefined : fw.paramTypes.lookup(t)[0]
        if (role !== undefined) f.role = role
      }
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
