import type { CallCondition, FlowMatcher } from "../../domain/FlowRule.js"
import type { Call, Expr, SemanticModel } from "../model/Model.js"
import { type NameIndex, nameSet } from "../flow/names.js"
import { heldValue } from "../model/heldValue.js"

/**
 * Whether a person approves each run of the function holding a flow sink before it runs (a flow
 * matcher's `approved_by`): the tool is registered with an approval setting (`needs_approval=True`,
 * `needsApproval: true`), the function is a LangGraph node the graph interrupts before
 * (`compile(interrupt_before=["run"])`, `compile({ interruptBefore: ["run"] })`) or a tool a
 * human-in-the-loop middleware interrupts on (`HumanInTheLoopMiddleware(interrupt_on={"shell": True})`),
 * or it asks the person itself before the sink (`interrupt(...)`). `sink` is the sink call.
 */
export const approved = (
  model: SemanticModel,
  sink: Call,
  approval: NonNullable<FlowMatcher["approved_by"]>,
  holds: (c: CallCondition, call: Call, model: SemanticModel) => boolean
): boolean => {
  const fn = sink.fn
  const asks = askingCalls(approval)
  // the function itself, or the tool / node around a closure inside it
  for (let f = fn; f !== -1; f = model.functions[f]!.parent) {
    const info = model.functions[f]!
    // `decision = interrupt({...})` before the sink, in the function or the tool / node around it
    if (asks !== undefined && model.calls.some((c) => c.fn === f && c.span.start < sink.span.start && asks.lookup(c.callee).length > 0)) return true
    if (info.role === "plain") continue
    const registrations = registrationsOf(model, f)
    if ((approval.registered ?? []).length > 0 && registrations.some((r) => approval.registered!.some((c) => holds(c, r, model)))) return true
    if ((approval.interrupts ?? []).length > 0 && (info.role === "graph_node" || info.role === "tool")) {
      const names = new Set(registrations.flatMap((r) => nodeName(r, f) ?? []))
      if (names.size === 0) names.add(info.name)
      // a tool is named by its function or by its decorator (`@tool("shell")`)
      if (info.role === "tool") for (const r of registrations) if (r.fn === info.parent) names.add(firstString(r) ?? info.name)
      if (interrupted(model, approval.interrupts!, names, info.role === "tool" ? info.name : undefined)) return true
    }
    return false
  }
  return false
}

const asking = new WeakMap<NonNullable<FlowMatcher["approved_by"]>, NameIndex<true>>()

/** The calls by which a function asks a person (`approved_by.calls`), indexed once per matcher. */
const askingCalls = (approval: NonNullable<FlowMatcher["approved_by"]>): NameIndex<true> | undefined => {
  if ((approval.calls ?? []).length === 0) return undefined
  let index = asking.get(approval)
  if (index === undefined) asking.set(approval, (index = nameSet(approval.calls)))
  return index
}

/** The decorator calls and the calls that register the function (`tool({ execute })`, `add_node("run", run)`). */
const registrationsOf = (model: SemanticModel, fn: number): ReadonlyArray<Call> => {
  const f = model.functions[fn]!
  return model.calls.filter(
    (c) => c.callbacks?.some((cb) => cb.fn === fn) === true || (c.fn === f.parent && c.span.start >= f.span.start && c.span.end <= f.nameSpan.start)
  )
}

/** `add_node("run", run)`: the node's name, when the registration names it with a constant. */
export const nodeName = (call: Call, fn: number): string | undefined => {
  const cb = call.callbacks?.find((c) => c.fn === fn)
  if (cb === undefined || cb.arg === 0) return undefined
  const first = call.args.find((a) => a.name === undefined)?.value
  return first?.k === "lit" && typeof first.value === "string" ? first.value : undefined
}

const firstString = (call: Call): string | undefined => {
  const first = call.args.find((a) => a.name === undefined)?.value
  return first?.k === "lit" && typeof first.value === "string" ? first.value : undefined
}

/** Some call of the file passes one of these keywords (or options fields) listing one of the names, or `*`. */
const interrupted = (model: SemanticModel, keywords: ReadonlyArray<string>, names: ReadonlySet<string>, tool?: string): boolean =>
  model.calls.some((call) => {
    // LangGraph's prebuilt agent runs the tools it is handed in its node "tools"
    // (`create_react_agent(m, [restart], interrupt_before=["tools"])`)
    const listed = (name: unknown): boolean => typeof name === "string" && (names.has(name) || name === "*" || (name === "tools" && tool !== undefined && hands(call, tool, model)))
    return optionValues(call, keywords, model).some((v) => {
      const held = v.k === "name" ? heldValue(v, call.fn, model) ?? v : v
      if (held.k === "lit") return listed(held.value)
      if (held.k !== "container") return false
      // `interrupt_on={"shell": True}`: the keys name the tools (a `False` value turns one off)
      return held.entries.some((e) => listed(e.key !== undefined ? (e.value.k === "lit" && e.value.value === false ? undefined : e.key) : e.value.k === "lit" ? e.value.value : undefined))
    })
  })

/** The call is given the function by name, alone or in a list (`tools=[restart]`, or a variable holding the list). */
const hands = (call: Call, fn: string, model: SemanticModel): boolean =>
  call.args.some((a) => {
    const value = a.value.k === "name" ? heldValue(a.value, call.fn, model) ?? a.value : a.value
    const named = (e: Expr): boolean => (e.k === "name" || e.k === "ref") && e.name === fn
    return named(value) || (value.k === "container" && value.entries.some((e) => named(e.value)))
  })

/** The values a call passes under these keyword names: keyword arguments, or fields of an options object written in place or held by a variable. */
const optionValues = (call: Call, keywords: ReadonlyArray<string>, model: SemanticModel): ReadonlyArray<Expr> => {
  const out: Array<Expr> = []
  for (const a of call.args) {
    if (a.name !== undefined) {
      if (keywords.includes(a.name)) out.push(a.value)
      continue
    }
    const options = a.value.k === "name" ? heldValue(a.value, call.fn, model) : a.value
    if (options?.k === "container") for (const e of options.entries) if (e.key !== undefined && keywords.includes(e.key)) out.push(e.value)
  }
  return out
}
