import type { Expr, SemanticModel, Statement } from "./Model.js"

/**
 * What a name holds where the model shows it: the one value a function (or the module) assigns it.
 * Read by call conditions (matchers/callValues.ts) and by data flow (lookup tables).
 */

/** The statements of a function, or of the module for -1. */
export const statementsOf = (model: SemanticModel, fn: number): ReadonlyArray<Statement> => (fn === -1 ? model.module : model.functions[fn]?.body ?? [])

/**
 * The value a name holds when every assignment to it in the function (or, at module level, the last
 * one) sets it as a whole to one value: `pattern = r"(a+)+"; re.compile(pattern)`,
 * `opts = { rejectUnauthorized: false }; new https.Agent(opts)`. Outer functions are searched too.
 */
export const heldValue = (e: Expr, fn: number, model: SemanticModel, moduleAssigned = false): Expr | undefined => {
  if (e.k !== "name") return undefined
  for (let scope = fn; ; scope = scope === -1 ? -1 : model.functions[scope]!.parent) {
    // (`moduleAssigned`: also a module-level name assigned once to something that is no constant, `TABLE = new Map([...])`)
    if (scope === -1) return model.constants.get(e.name) ?? (moduleAssigned ? singleAssignments(model, -1).get(e.name) ?? undefined : undefined)
    const held = singleAssignments(model, scope).get(e.name)
    if (held === null) return undefined
    if (held !== undefined) return held
    // a parameter holds what the caller passes, not a constant of the same name further out
    // (`def __init__(self, max_turns=None): super().__init__(max_turns=max_turns)`)
    if (model.functions[scope]!.params.includes(e.name)) return undefined
  }
}

const assignmentTables = new WeakMap<SemanticModel, Map<number, Map<string, Expr | null>>>()

/**
 * Per name assigned in the function: the value when it is assigned once, null when more often or
 * when a field of it is written (`opts.x = ...` changes what the name holds). Built once per function.
 */
const singleAssignments = (model: SemanticModel, scope: number): Map<string, Expr | null> => {
  let byScope = assignmentTables.get(model)
  if (byScope === undefined) assignmentTables.set(model, (byScope = new Map()))
  let table = byScope.get(scope)
  if (table === undefined) {
    table = new Map()
    for (const s of statementsOf(model, scope)) {
      // `xs.append(v)` adds to what xs holds; it does not replace it
      if (s.k !== "assign" || (s.value.k === "op" && s.value.appended === true)) continue
      const name = s.target.name
      table.set(name, s.target.path.length > 0 || table.has(name) ? null : s.value)
    }
    byScope.set(scope, table)
  }
  return table
}

const fieldTables = new WeakMap<SemanticModel, Map<string, Expr | null>>()

/**
 * Go: a field of a method's receiver (`d.shell` in `func (d *diagnostics) probe(...)`), or of a
 * parameter declared with a named type (`o.SkipCheck` in `func transportFor(o Options)`), that every
 * struct literal of the file writing that key sets to one literal (`&diagnostics{shell: "/bin/sh"}`,
 * `Options{SkipCheck: true}`): that literal. Undefined when the name is no such receiver or parameter,
 * or the literals disagree.
 */
export const receiverFieldValue = (e: Expr, fn: number, model: SemanticModel): Expr | undefined => {
  if (model.language !== "go" || e.k !== "attr" || e.obj.k !== "name") return undefined
  const receiver = e.obj.name
  let f = fn === -1 ? undefined : model.functions[fn]
  while (f !== undefined && f.receiver !== true && !f.params.includes(receiver)) f = f.parent === -1 ? undefined : model.functions[f.parent]
  const at = f === undefined ? -1 : f.params.indexOf(receiver)
  if (f === undefined || at === -1 || !((f.receiver === true && at === 0) || (f.paramTypes?.[at] !== undefined && !f.paramTypes[at]!.includes(".")))) return undefined
  let table = fieldTables.get(model)
  if (table === undefined) {
    table = new Map()
    const note = (x: Expr): void => {
      if (x.k !== "container" || x.entries.some((entry) => entry.key === undefined)) return
      for (const entry of x.entries) {
        const known = table!.get(entry.key!)
        const lit = entry.value.k === "lit" ? entry.value : null
        table!.set(entry.key!, known === undefined ? lit : known !== null && lit !== null && known.k === "lit" && known.value === lit.value ? known : null)
      }
    }
    for (const s of model.module) if (s.k === "assign") note(s.value)
    for (const g of model.functions) for (const s of g.body) if (s.k === "assign" || s.k === "return") note(s.value)
    for (const c of model.calls) for (const a of c.args) note(a.value)
    fieldTables.set(model, table)
  }
  return table.get(e.name) ?? undefined
}
