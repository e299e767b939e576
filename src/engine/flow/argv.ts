import type { Call, Expr, SemanticModel, Statement } from "../model/Model.js"
import { heldValue } from "../model/heldValue.js"
import type { FlowEvaluator } from "./evaluate.js"

/**
 * Argv lists: the list a process-starting call runs, where the code writes it (in the call, held by
 * a name, or built and returned by a function of the file). Its first element is the program; the
 * rest are arguments, not commands.
 */

type ListExpr = Extract<Expr, { k: "container" }>

/** Shells and interpreters, by the program name of an argv list (any folder). */
export const INTERPRETER = /^(?:.*[\\/])?(?:(?:ba|z|da|k|c|tc|fi)?sh|cmd(?:\.exe)?|powershell(?:\.exe)?|pwsh|python[\d.]*|node|nodejs|deno|bun|ruby|perl|php|Rscript|osascript)$/

/**
 * A shell's flag that runs its next argument as a command line: `-c`, also among other one-letter
 * flags (`bash -lc`, `sh -ec`, `bash -xeuc`), and cmd's `/c`, PowerShell's `-Command`.
 */
export const SHELL_COMMAND_FLAG = /^(?:-[a-z]{0,4}c[a-z]{0,4}|\/[cC]|-Command)$/

/** `env`, which runs the program named next (`/usr/bin/env bash -c ...`). */
export const ENV = /^(?:.*[\\/])?env$/

/** The argv list an argument is: a list written in the call, or one a name assigned once holds. */
export const argvList = (e: Expr, fn: number, model: SemanticModel): ListExpr | undefined => {
  const list = e.k === "container" ? e : heldValue(e, fn, model)
  return list?.k === "container" ? list : undefined
}

/**
 * The argv list a function of the file builds and returns (`argv = build_ping(host)`, then
 * `subprocess.run(argv)`), when every list it returns starts with the same program written out and
 * that program is no shell or interpreter: the list then runs that program whatever its arguments.
 */
export const helperArgv = (ev: FlowEvaluator, e: Expr, fn: number): ListExpr | undefined => {
  const lists = returnedLists(ev, e, fn)?.lists
  if (lists === undefined) return undefined
  const programs = new Set(lists.map((l) => literalText(l?.entries[0]?.value)))
  const [program] = programs
  return lists.length > 0 && programs.size === 1 && program !== undefined && !INTERPRETER.test(program) && !ENV.test(program) ? lists[0] : undefined
}

/**
 * The first elements of the lists a function of the file returns where the expression calls it, when
 * every list it returns is seen and none starts with a program written out (`return [*LINTERS[name], target]`,
 * `return [tool, target]`), with the function and the call:
 * the program each list runs, to judge in the function with what the call passes.
 */
export const helperPrograms = (ev: FlowEvaluator, e: Expr, fn: number): { readonly helper: number; readonly site: Call; readonly programs: ReadonlyArray<Expr> } | undefined => {
  const built = returnedLists(ev, e, fn)
  if (built === undefined || built.lists.length === 0) return undefined
  // (lists that start with a program written out are helperArgv's: a shell there runs the next element)
  const programs = built.lists.map((l) => l?.entries[0]?.value)
  return programs.every((p) => p !== undefined && p.k !== "lit") ? { helper: built.helper, site: built.call, programs: programs as Array<Expr> } : undefined
}

/**
 * The constant first elements of the lists an expression can be (written out, held by a name, or
 * returned by a function of the file: `exec.Command("git", g.argv(op, ref)...)` with `argv`
 * returning `[]string{"log", ...}` or `[]string{"show", ...}`; a word itself where a parameter
 * spliced into the list is given one), or undefined when one is not a constant or a list is not seen.
 */
export const firstWords = (ev: FlowEvaluator, e: Expr, fn: number, depth = 0): ReadonlySet<string> | undefined => {
  if (depth > 3) return undefined
  // a word passed where a parameter stands in the list (`def git(*args): run(["git", *args])`, `git("log")`)
  if (e.k === "lit") return typeof e.value === "string" ? new Set([e.value]) : undefined
  // a parameter of the function (`async function git(args) { execFile("git", args) }`): what every call of it passes
  const param = e.k === "name" && fn !== -1 ? ev.model.functions[fn]!.params.indexOf(e.name) : -1
  if (param !== -1) {
    const sites = ev.callSitesOf(fn)
    const passed = sites.map((site) => {
      const a = site.args.filter((x) => x.name === undefined)[param]
      return a === undefined ? undefined : firstWords(ev, a.value, site.fn, depth + 1)
    })
    return sites.length > 0 && passed.every((w) => w !== undefined) ? new Set(passed.flatMap((w) => [...w!])) : undefined
  }
  const direct = argvList(e, fn, ev.model)
  if (direct !== undefined) {
    const word = literalText(direct.entries[0]?.value)
    return word === undefined ? undefined : new Set([word])
  }
  // a helper's call, or a table's (`VIEWS[view](ref)`: each function the table holds)
  const builds = tableBuilds(ev, e, fn) ?? [returnedLists(ev, e, fn)]
  if (builds.some((b) => b === undefined || b.lists.length === 0)) return undefined
  // a list the helper starts with one of its parameters (`return [subcommand, ...extra, ref]`): what the call passes there
  const words = builds.flatMap((built) =>
    built!.lists.map((l) => {
      const head = l?.entries[0]?.value
      const text = literalText(head)
      if (text !== undefined || head?.k !== "name") return text
      const at = ev.model.functions[built!.helper]!.params.indexOf(head.name)
      const given = at === -1 ? undefined : built!.call.args.filter((x) => x.name === undefined)[at]?.value
      return literalText(given === undefined ? undefined : given.k === "name" ? heldValue(given, fn, ev.model) ?? given : given)
    })
  )
  return words.every((w) => w !== undefined) ? new Set(words as Array<string>) : undefined
}

/**
 * A call of an entry a computed key picks from a table of the file's functions (`VIEWS[view](ref)`,
 * `VIEWS = {"log": lambda ref: ["log", ref], ...}`): the lists each of them returns, or undefined when
 * the expression is no such call or an entry is no function of the file.
 */
const tableBuilds = (ev: FlowEvaluator, e: Expr, fn: number): Array<ReturnType<typeof returnedLists>> | undefined => {
  const held = e.k === "call" ? e : heldValue(e, fn, ev.model)
  const call = held?.k === "call" ? ev.model.calls[held.call] : undefined
  if (call?.table === undefined || held?.k !== "call") return undefined
  const table = call.table.k === "name" ? heldValue(call.table, call.fn, ev.model, true) : call.table
  if (table?.k !== "container" || table.entries.length === 0) return undefined
  const functions = table.entries.map(({ value }) => {
    if (value.k === "func") return value.fn
    return value.k === "name" ? ev.model.functions.findIndex((f) => f.parent === -1 && f.name === value.name) : -1
  })
  return functions.every((h) => h !== -1) ? functions.map((helper) => ({ lists: listsReturnedBy(ev, helper, held.result), helper, call })) : undefined
}

/**
 * The lists a function of the file returns where the expression calls it (`build(x)`, a name holding
 * that call; Go's `args, err := g.argv(...)` takes the part at its place of each `return list, nil`,
 * returns of `nil` on an error path left out), with the function and the call, or undefined when it is
 * no such call.
 */
const returnedLists = (
  ev: FlowEvaluator,
  e: Expr,
  fn: number
): { readonly lists: Array<ListExpr | undefined>; readonly helper: number; readonly call: Call } | undefined => {
  const held = e.k === "call" ? e : heldValue(e, fn, ev.model)
  const call = held?.k === "call" ? ev.model.calls[held.call] : undefined
  const helper = call === undefined ? undefined : ev.localFunction(call)
  if (call === undefined || helper === undefined || held?.k !== "call") return undefined
  return { lists: listsReturnedBy(ev, helper, held.result), helper, call }
}

/** The lists a function of the file returns (its `result`-th part of each return, Go's `return list, nil`). */
const listsReturnedBy = (ev: FlowEvaluator, helper: number, result: number | undefined): Array<ListExpr | undefined> => {
  const body = ev.model.functions[helper]!.body
  return body.flatMap((s) => {
    if (s.k !== "return") return []
    const value = result !== undefined && s.value.k === "container" && s.value.entries.every((x) => x.key === undefined) ? s.value.entries[result]?.value : s.value
    if (value === undefined || (value.k === "lit" && value.value === null)) return []
    return [argvList(value, helper, ev.model) ?? grownList(body, value)]
  })
}

const literalText = (x: Expr | undefined): string | undefined => (x?.k === "lit" && typeof x.value === "string" ? x.value : undefined)

/** A list a function writes out once and then only appends to (`argv.append(x)`, `argv += [...]`): it keeps its first element. */
const grownList = (body: ReadonlyArray<Statement>, e: Expr): ListExpr | undefined => {
  if (e.k !== "name") return undefined
  let list: ListExpr | undefined
  for (const s of body) {
    if (s.k !== "assign" || s.target.name !== e.name) continue
    const grows = s.value.k === "op" && (s.value.appended === true || s.value.plus === true) && s.value.parts[0]?.k === "name" && s.value.parts[0].name === e.name
    if (s.target.path.length > 0 || (list !== undefined && !grows) || (list === undefined && s.value.k !== "container")) return undefined
    if (list === undefined) list = s.value as ListExpr
  }
  return list
}
