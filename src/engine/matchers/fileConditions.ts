import type { CallCondition, FileCall } from "../../domain/FlowRule.js"
import type { FlowEvaluator } from "../flow/evaluate.js"
import { NameIndex } from "../flow/names.js"
import type { Call, SemanticModel } from "../model/Model.js"
import { passedReferences } from "./callValues.js"
import type { RouteGuards } from "./routeGuards.js"

/** A compiled `if_file` / `unless_file` entry: a call the file makes, or a check it performs. */
export interface FileCondition {
  readonly names: NameIndex<true>
  readonly where: ReadonlyArray<CallCondition>
  /** the call must be another one than the reported call (`several agents delegate`) */
  readonly other: boolean
  /** `checks: request_credential`: a handler of the file checks the caller's credential */
  readonly credential: boolean
  /** `checks: project_middleware`: a project middleware stands in front of the route (routes only; never file-wide) */
  readonly project: boolean
}

export const fileCondition = (f: FileCall): FileCondition => {
  const names = new NameIndex<true>()
  if (!("callee" in f)) return { names, where: [], other: false, credential: f.checks === "request_credential", project: f.checks === "project_middleware" }
  for (const n of f.callee) names.add(n, true)
  return { names, where: f.where ?? [], other: f.other === true, credential: false, project: false }
}

// per model: the calls that satisfy each condition, found once per file
const satisfying = new WeakMap<SemanticModel, Map<FileCondition, ReadonlyArray<Call>>>()

/**
 * Whether the file meets a condition: it makes a named call whose conditions hold (besides `reported`
 * when the condition asks for another call), passes an imported function of that name by reference
 * (`app.use(authenticate)`: the framework calls it) or applies it as a decorator (`@login_required`), or, for `credential`, checks the caller's credential.
 * With `bound` (a rule with `unless_guarded`), what stands in front of particular routes does not count:
 * those routes judge it themselves.
 */
export const fileMakes = (
  model: SemanticModel,
  c: FileCondition,
  holds: (c: CallCondition, call: Call, model: SemanticModel) => boolean,
  evaluator: () => FlowEvaluator,
  reported?: Call,
  bound?: Pick<RouteGuards, "boundCalls" | "boundFns" | "boundDecorated">
): boolean => {
  if (c.credential) return bound === undefined ? evaluator().checksRequestCredential() : evaluator().checksRequestCredentialIn((fn) => !bound.boundFns.has(fn))
  if (c.project) return false
  let byCondition = satisfying.get(model)
  if (byCondition === undefined) satisfying.set(model, (byCondition = new Map()))
  let calls = byCondition.get(c)
  if (calls === undefined) byCondition.set(c, (calls = model.calls.filter((x) => c.names.lookup(x.callee).length > 0 && c.where.every((w) => holds(w, x, model)))))
  const free = (x: Call): boolean => bound === undefined || !bound.boundCalls.has(x)
  const passed =
    bound === undefined
      ? passedReferences(model).some((name) => c.names.lookup(name).length > 0)
      : model.calls.some((x) => free(x) && x.args.some((a) => a.value.k === "ref" && c.names.lookup(a.value.name).length > 0))
  return (
    calls.some((x) => free(x) && !(c.other && x === reported)) ||
    (c.where.length === 0 &&
      (passed ||
        // a bare decorator (`@login_required`): the framework calls it with the function, as a passed reference
        model.functions.some((f, i) => !(bound?.boundDecorated.has(i) ?? false) && f.decorators.some((d) => d !== "" && c.names.lookup(d).length > 0))))
  )
}
