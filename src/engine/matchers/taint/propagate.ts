import type { TaintEvent, TaintScope } from "./TaintIR.js"
import { NON_DATA_PARAMS } from "./TaintIR.js"

export interface TaintRules {
  readonly sources: ReadonlyArray<RegExp>
  readonly sinks: (callee: string) => boolean
  readonly sanitizers: ReadonlyArray<RegExp>
  readonly parametersAreSources: boolean
}

export interface TaintHit {
  readonly start: number
  readonly end: number
  /** the tainted name or source expression that reaches the sink, for the message */
  readonly via: string
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** The first tainted name or source the expression mentions. */
const taintedBy = (text: string, tainted: ReadonlySet<string>, rules: TaintRules): string | undefined => {
  for (const re of rules.sources) {
    const m = re.exec(text)
    if (m !== null) return m[0]
  }
  for (const name of tainted) {
    // `\b` is not enough for `$`-names in JS; look for the name not preceded by `.` or a word char
    if (new RegExp(`(^|[^\\w$.])${escape(name)}(?![\\w$])`).test(text)) return name
  }
  return undefined
}

const sanitized = (text: string, rules: TaintRules): boolean => rules.sanitizers.some((re) => re.test(text))

const walkScope = (scope: TaintScope, inherited: ReadonlySet<string>, rules: TaintRules, hits: Array<TaintHit>): void => {
  const tainted = new Set(inherited)
  const dataParams = scope.params.filter((p) => !NON_DATA_PARAMS.has(p))
  if (rules.parametersAreSources && scope.entry) for (const p of dataParams) tainted.add(p)
  for (const p of scope.sourceParams) tainted.add(p)
  let child = 0
  const enterChildrenUpTo = (eventIndex: number): void => {
    while (child < scope.children.length && scope.eventIndexOfChild[child]! <= eventIndex) {
      walkScope(scope.children[child]!, tainted, rules, hits)
      child++
    }
  }
  scope.events.forEach((event: TaintEvent, i) => {
    enterChildrenUpTo(i)
    if (event.kind === "assign") {
      const via = sanitized(event.value, rules) ? undefined : taintedBy(event.value, tainted, rules)
      for (const t of event.targets) {
        if (via !== undefined) tainted.add(t)
        else tainted.delete(t)
      }
      return
    }
    if (!rules.sinks(event.callee)) return
    for (const arg of event.args) {
      if (sanitized(arg, rules)) continue
      const via = taintedBy(arg, tainted, rules)
      if (via !== undefined) {
        hits.push({ start: event.start, end: event.end, via })
        return
      }
    }
  })
  enterChildrenUpTo(Number.POSITIVE_INFINITY)
}

/** Flows from sources to sinks inside each function (closures inherit the outer taint). */
export const findFlows = (root: TaintScope, rules: TaintRules): Array<TaintHit> => {
  const hits: Array<TaintHit> = []
  walkScope(root, new Set(), rules, hits)
  return hits
}
