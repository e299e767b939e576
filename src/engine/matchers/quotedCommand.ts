import type { FlowEvaluator } from "../flow/evaluate.js"
import type { NameIndex } from "../flow/names.js"
import { Prov } from "../flow/Value.js"
import type { Call, Expr } from "../model/Model.js"
import { heldValue } from "../model/heldValue.js"

/** Stands for one quoted word in the constant skeleton of a command string. */
const WORD = "\u0000"

/** Where a shell starts another command: `;`, `&&`, `||`, `|`, a newline, `$(`, a backquote. */
const COMMAND_BREAK = /[;&|\n`]|\$\(/

/**
 * The programs a command string run by a shell starts, when its only non-constant parts are words
 * quoted for the shell (`"grep -n -- " + shlex.quote(pattern) + " app.log | tail"`,
 * `f"ping -c 1 {shlex.quote(host)}"`): each quoted value stays one argument, so the caller chose
 * every program and the model only arguments, as with an argv list. Undefined when a part is neither
 * constant text nor a quoting call's result, or a quoted word stands where a command starts.
 */
export const quotedCommandPrograms = (ev: FlowEvaluator, call: Call, command: Expr, quoting: NameIndex<true>): ReadonlyArray<string> | undefined => {
  let skeleton = ""
  const walk = (e: Expr, depth: number): boolean => {
    if (depth > 6) return false
    const held = heldValue(e, call.fn, ev.model)
    if (held !== undefined) return walk(held, depth + 1)
    if (e.k === "concat") return (e.built === true ? e.parts.slice(0, -1) : e.parts).every((p) => walk(p, depth + 1))
    if (e.k === "op" && e.plus === true) return e.parts.every((p) => walk(p, depth + 1))
    if (e.k === "call") {
      const inner = ev.model.calls[e.call]
      if (inner !== undefined && quoting.lookup(inner.callee).length > 0) {
        skeleton += WORD
        return true
      }
    }
    const v = ev.value(e, call.fn, call.span.start)
    if (v.prov !== Prov.Constant || v.text === undefined) return false
    skeleton += v.text
    return true
  }
  if (!walk(command, 0) || !skeleton.includes(WORD)) return undefined
  const programs: Array<string> = []
  for (const segment of skeleton.split(COMMAND_BREAK)) {
    const words = segment.trim().split(/\s+/)
    const first = words[0] ?? ""
    if (first === "") continue
    // the quoted value picks the program (`shlex.quote(cmd) + " --help"`), or sits inside its name
    if (first.includes(WORD)) return undefined
    programs.push(first)
  }
  return programs.length > 0 ? programs : undefined
}
