import type { Arg, Call, Expr, SemanticModel, Span } from "../model/Model.js"

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
/** A system message's content, in the function where it is written; `site`: the call of that helper function. */
export interface Content {
  readonly expr: Expr
  readonly fn: number
  readonly site?: Call
  /**
   * Where the content is written when that is inside the call (the message record in the call's
   * arguments), else the argument that carries it (`messages=history`): where a finding goes.
   */
  readonly span?: Span
}

export const systemContents = (
  model: SemanticModel,
  call: Call,
  args: ReadonlyArray<Arg>,
  localFunction: (call: Call) => number | undefined
): Array<Content> => {
  const out: Array<Content> = []
  const seen = new Set<string>()
  const positional = call.args.filter((a) => a.name === undefined).map((a) => a.value)
  if (positional.length > 1 && isSystemRole(model, positional[0]!)) {
    const spans = call.args.filter((a) => a.name === undefined).map((a) => a.span)
    out.push(...positional.slice(1).map((expr, i) => ({ expr, fn: call.fn, span: spans[i + 1]! })))
  }
  const ctx: Walk = { model, out, seen, localFunction, site: undefined, call, arg: undefined }
  for (const a of args) {
    ctx.arg = a
    walk(ctx, a.value, call.fn, 0)
  }
  templateInputs(model, call, out, localFunction)
  return out
}

const RUN = /\.(?:a?invoke|a?stream|a?batch)$/
const TEMPLATE = /(?:^|\.)(?:ChatPromptTemplate\.from_messages|ChatPromptTemplate\.fromMessages|ChatPromptTemplate|SystemMessagePromptTemplate\.from_template|SystemMessagePromptTemplate\.fromTemplate)$/
const PLACEHOLDER = /\{(\w+)\}/g

/**
 * A prompt template run with its inputs: `chain = ChatPromptTemplate.from_messages([("system", "You
 * are a {persona}"), ...]) | llm; chain.invoke({"persona": x})`: the input filling a placeholder of a
 * system message is system-message content. The template is found through the run's receiver (a
 * variable holding it, a `|` pipe or `.pipe()` chain of it, a same-file function returning it, an
 * attribute the class sets, `self.chain = prompt | llm`), in the same file. Inputs are the run's
 * record (written in the call, held by a variable with the fields later assigned to it, or
 * `dict(persona=x)`) and the values a `.partial(persona=x)` on the way binds.
 */
const templateInputs = (model: SemanticModel, call: Call, out: Array<Content>, localFunction: (call: Call) => number | undefined): void => {
  if (!RUN.test(call.callee) || call.receiver === undefined) return
  const keys = new Set<string>()
  const bound: Array<{ key: string; expr: Expr; fn: number; span: Span }> = []
  const seen = new Set<string>()
  const fromReceiver = (e: Expr, fn: number, depth: number): void => {
    if (depth > MAX_DEPTH) return
    if (e.k === "name") {
      const key = `${fn}:${e.name}`
      if (seen.has(key)) return
      seen.add(key)
      for (const v of assignedTo(model, e.name, fn)) fromReceiver(v, fn, depth + 1)
    } else if (e.k === "op") for (const p of e.parts) fromReceiver(p, fn, depth + 1)
    else if (e.k === "attr" && e.obj.k === "name" && e.obj.name === "self") {
      for (const [g, v] of selfAssigned(model, fn, e.name)) fromReceiver(v, g, depth + 1)
    } else if (e.k === "call") {
      const c = model.calls[e.call]!
      if (TEMPLATE.test(c.callee)) {
        const direct = /SystemMessagePromptTemplate/.test(c.callee)
        for (const a of c.args) systemTemplateText(model, a.value, c.fn, direct, keys, 0)
        return
      }
      // `prompt.partial(persona=x)`: the values it binds fill the template like the run's inputs
      if (/\.partial$/.test(c.callee)) for (const a of c.args) if (a.name !== undefined) bound.push({ key: a.name, expr: a.value, fn: c.fn, span: a.span })
      const local = c.receiver === undefined ? localFunction(c) : undefined
      if (local !== undefined) {
        for (const s of model.functions[local]!.body) if (s.k === "return") fromReceiver(s.value, local, depth + 1)
      } else if (c.receiver !== undefined) fromReceiver(c.receiver, c.fn, depth + 1)
    }
  }
  fromReceiver(call.receiver, call.fn, 0)
  if (keys.size === 0) return
  for (const b of bound) if (keys.has(b.key)) out.push({ expr: b.expr, fn: b.fn, span: b.span })
  const input = call.args.find((a) => a.name === undefined || a.name === "input")
  if (input === undefined) return
  for (const x of recordEntries(model, input.value, call.fn)) if (keys.has(x.key)) out.push({ expr: x.value, fn: call.fn, span: x.span ?? input.span })
}

/**
 * The keyed entries of a run's input record: a dict written in the call or held by a variable
 * assigned once (plus the fields assigned to that variable afterwards, `inputs["persona"] = x`), or
 * `dict(persona=x)`.
 */
const recordEntries = (model: SemanticModel, e: Expr, fn: number): Array<{ key: string; value: Expr; span?: Span }> => {
  const held = e.k === "name" ? assignedTo(model, e.name, fn) : [e]
  if (held.length !== 1) return []
  const record = held[0]!
  const out: Array<{ key: string; value: Expr; span?: Span }> = []
  if (record.k === "container") {
    for (const x of record.entries) if (x.key !== undefined) out.push({ key: x.key, value: x.value, ...(x.span !== undefined ? { span: x.span } : {}) })
  } else if (record.k === "call" && model.calls[record.call]!.callee === "dict") {
    for (const a of model.calls[record.call]!.args) if (a.name !== undefined) out.push({ key: a.name, value: a.value, span: a.span })
  } else return []
  if (e.k === "name")
    for (let scope = fn; ; scope = model.functions[scope]!.parent) {
      const body = scope === -1 ? model.module : model.functions[scope]!.body
      for (const s of body) if (s.k === "assign" && s.target.name === e.name && s.target.path.length === 1) out.push({ key: s.target.path[0]!, value: s.value, span: s.span })
      if (scope === -1) break
    }
  return out
}

/** What the methods of the function's class assign to `self.<name>`, with the method that does. */
const selfAssigned = (model: SemanticModel, fn: number, name: string): Array<[number, Expr]> => {
  const owner = fn === -1 ? undefined : model.functions[fn]!.owner
  if (owner === undefined) return []
  const out: Array<[number, Expr]> = []
  model.functions.forEach((g, i) => {
    if (g.owner !== owner) return
    for (const s of g.body) if (s.k === "assign" && s.target.name === "self" && s.target.path.length === 1 && s.target.path[0] === name) out.push([i, s.value])
  })
  return out
}

/** The placeholders of system-message text in a template's messages (`("system", "... {x}")`). */
const systemTemplateText = (model: SemanticModel, e: Expr, fn: number, system: boolean, keys: Set<string>, depth: number): void => {
  if (depth > MAX_DEPTH) return
  const value = e.k === "name" ? (assignedTo(model, e.name, fn).length === 1 ? assignedTo(model, e.name, fn)[0]! : model.constants.get(e.name) ?? e) : e
  if (value.k === "lit") {
    if (system && typeof value.value === "string") for (const m of value.value.matchAll(PLACEHOLDER)) keys.add(m[1]!)
    return
  }
  if (value.k === "concat") {
    for (const p of value.parts) systemTemplateText(model, p, fn, system, keys, depth + 1)
    return
  }
  if (value.k === "call") {
    const c = model.calls[value.call]!
    if (/SystemMessagePromptTemplate\.(?:from_template|fromTemplate)$|SystemMessagePromptTemplate$/.test(c.callee))
      for (const a of c.args) systemTemplateText(model, a.value, c.fn, true, keys, depth + 1)
    return
  }
  if (value.k !== "container") return
  const first = value.entries[0]
  if (value.entries.length >= 2 && value.entries.every((x) => x.key === undefined) && first !== undefined && first.value.k === "lit" && typeof first.value.value === "string") {
    if (isSystemRole(model, first.value)) for (const x of value.entries.slice(1)) systemTemplateText(model, x.value, fn, true, keys, depth + 1)
    return
  }
  for (const x of value.entries) systemTemplateText(model, x.value, fn, system, keys, depth + 1)
}

interface Walk {
  readonly model: SemanticModel
  readonly out: Array<Content>
  readonly seen: Set<string>
  readonly localFunction: (call: Call) => number | undefined
  /** the helper call being looked into (one level: `messages=build_messages(q)`) */
  site: Call | undefined
  readonly call: Call
  /** the sink's argument being walked */
  arg: Arg | undefined
}

const MAX_DEPTH = 6
const ROLE_KEY = /^role$/i
const CONTENT_KEY = /^(?:content|contents|text|parts|instructions)$/i
const SYSTEM_ROLE = /^(?:system|developer)$/i
/** SDK constants for the system role: go-openai, langchaingo, openai-go and similar */
const SYSTEM_ROLE_CONSTANT = /^(?:ChatMessageRoleSystem|ChatMessageRoleDeveloper|ChatMessageTypeSystem|RoleSystem|RoleDeveloper|MessageRoleSystem|SYSTEM|DEVELOPER)$/

const walk = (w: Walk, e: Expr, fn: number, depth: number): void => {
  if (depth > MAX_DEPTH) return
  const { model, out } = w
  if (e.k === "name") {
    const key = `${fn}:${e.name}`
    if (w.seen.has(key)) return
    w.seen.add(key)
    for (const value of assignedTo(model, e.name, fn)) walk(w, value, fn, depth + 1)
    return
  }
  // a helper of the same file that builds the messages: its return values, with the caller's arguments
  if (e.k === "call" && w.site === undefined) {
    const site = model.calls[e.call]!
    const callee = w.localFunction(site)
    if (callee === undefined) return
    w.site = site
    for (const s of model.functions[callee]!.body) if (s.k === "return") walk(w, s.value, callee, depth + 1)
    w.site = undefined
    return
  }
  // Go's `msgs = append(msgs, openai.ChatCompletionMessage{Role: ..., Content: ...})`: the list and what it gains
  if (e.k === "op" && e.appended !== true && e.plus !== true) {
    for (const p of e.parts) if (p.k === "container" || p.k === "name") walk(w, p, fn, depth + 1)
    return
  }
  if (e.k !== "container") return
  const push = (expr: Expr, at: Span | undefined): void => {
    const inside = at !== undefined && w.site === undefined && at.start >= w.call.span.start && at.end <= w.call.span.end
    const span = inside ? at : w.arg?.span
    out.push({ expr, fn, ...(w.site !== undefined ? { site: w.site } : {}), ...(span !== undefined ? { span } : {}) })
  }
  const role = e.entries.find((x) => x.key !== undefined && ROLE_KEY.test(x.key))
  if (role !== undefined) {
    if (isSystemRole(model, role.value)) for (const x of e.entries) if (x.key !== undefined && CONTENT_KEY.test(x.key)) push(x.value, x.span)
    return
  }
  const first = e.entries[0]
  if (e.entries.length >= 2 && e.entries.every((x) => x.key === undefined) && first !== undefined && first.value.k === "lit") {
    // a (role, text) pair: only a system pair carries instructions; other pairs hold no messages
    if (isSystemRole(model, first.value)) for (const x of e.entries.slice(1)) push(x.value, x.span)
    if (typeof first.value.value === "string") return
  }
  for (const x of e.entries) walk(w, x.value, fn, depth + 1)
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
