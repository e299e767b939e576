import type { Arg, Call, Expr, SemanticModel } from "../model/Model.js"

/**
 * The content of system / developer messages inside a call's arguments, for sinks with
 * `check: system_message`: chat APIs take every message in one list, and only text in a message
 * whose role is system (or developer) carries the developer's authority. Recognised shapes:
 * - a record with a role key set to a system role: `{"role": "system", "content": x}`,
 *   `openai.ChatCompletionMessage{Role: openai.ChatMessageRoleSystem, Content: x}`: its content;
 * - a pair whose first element is a system role: `("system", x)`: the rest;
 * - a call whose first argument is a system role: `llms.TextParts(llms.ChatMessageTypeSystem, x)`.
 * Lists are followed through the variables that hold them (every assignment and every
 * `append` / `push` / `insert` / `unshift` onto them in the same scope chain), nested records and lists.
 */
export const systemContents = (model: SemanticModel, call: Call, args: ReadonlyArray<Arg>): Array<Expr> => {
  const out: Array<Expr> = []
  const seen = new Set<string>()
  const positional = call.args.filter((a) => a.name === undefined).map((a) => a.value)
  if (positional.length > 1 && isSystemRole(model, positional[0]!)) out.push(...positional.slice(1))
  for (const a of args) walk(model, a.value, call.fn, out, seen, 0)
  return out
}

const MAX_DEPTH = 6
const ROLE_KEY = /^role$/i
const CONTENT_KEY = /^(?:content|contents|text|parts|instructions)$/i
const SYSTEM_ROLE = /^(?:system|developer)$/i
/** SDK constants for the system role: go-openai, langchaingo, openai-go and similar */
const SYSTEM_ROLE_CONSTANT = /^(?:ChatMessageRoleSystem|ChatMessageRoleDeveloper|ChatMessageTypeSystem|RoleSystem|RoleDeveloper|MessageRoleSystem|SYSTEM|DEVELOPER)$/

const walk = (model: SemanticModel, e: Expr, fn: number, out: Array<Expr>, seen: Set<string>, depth: number): void => {
  if (depth > MAX_DEPTH) return
  if (e.k === "name") {
    const key = `${fn}:${e.name}`
    if (seen.has(key)) return
    seen.add(key)
    for (const value of assignedTo(model, e.name, fn)) walk(model, value, fn, out, seen, depth + 1)
    return
  }
  if (e.k !== "container") return
  const role = e.entries.find((x) => x.key !== undefined && ROLE_KEY.test(x.key))
  if (role !== undefined) {
    if (isSystemRole(model, role.value)) for (const x of e.entries) if (x.key !== undefined && CONTENT_KEY.test(x.key)) out.push(x.value)
    return
  }
  const first = e.entries[0]
  if (e.entries.length >= 2 && e.entries.every((x) => x.key === undefined) && first !== undefined && first.value.k === "lit") {
    // a (role, text) pair: only a system pair carries instructions; other pairs hold no messages
    if (isSystemRole(model, first.value)) out.push(...e.entries.slice(1).map((x) => x.value))
    if (typeof first.value.value === "string") return
  }
  for (const x of e.entries) walk(model, x.value, fn, out, seen, depth + 1)
}

const isSystemRole = (model: SemanticModel, e: Expr): boolean => {
  if (e.k === "lit") return typeof e.value === "string" && SYSTEM_ROLE.test(e.value)
  if (e.k === "ref" || e.k === "attr" || e.k === "name") {
    const name = e.k === "attr" ? e.name : e.name
    if (e.k === "name") {
      const c = model.constants.get(e.name)
      if (c !== undefined && c.k === "lit") return typeof c.value === "string" && SYSTEM_ROLE.test(c.value)
    }
    return SYSTEM_ROLE_CONSTANT.test(name.slice(name.lastIndexOf(".") + 1))
  }
  return false
}

/** Everything a scope chain assigns or appends to a variable. */
const assignedTo = (model: SemanticModel, name: string, fn: number): Array<Expr> => {
  const out: Array<Expr> = []
  for (let scope = fn; ; scope = model.functions[scope]!.parent) {
    const body = scope === -1 ? model.module : model.functions[scope]!.body
    for (const s of body) if ((s.k === "assign" || s.k === "iterate") && s.target.name === name && s.target.path.length === 0) out.push(s.value)
    for (const c of model.calls) {
      if (c.fn !== scope || c.receiver?.k !== "name" || c.receiver.name !== name) continue
      if (/\.(?:append|push|insert|unshift|extend|add_message|add_messages)$/.test(c.callee)) out.push(...c.args.map((a) => a.value))
    }
    if (out.length > 0 || scope === -1) return out
  }
}
