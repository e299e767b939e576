import type { Expr, SemanticModel, Statement } from "../model/Model.js"
import type { FrameworkIndex } from "./FrameworkIndex.js"

/**
 * Whether any value of a file can be a secret. The data flow (evaluate.ts) makes a value secret only
 * where it reads something by a name that reads like a credential: a configuration key
 * (`os.getenv("OPENAI_API_KEY")`, `process.env.DB_PASSWORD`, `os.environ["TOKEN"]`), a field, key or
 * header of a settings object or of request data (`settings.api_key`, `headers.get("authorization")`),
 * or a parameter of a request handler or tool named like one; or where the caller gives secrets
 * (a builder's code node). A file that writes no such name, and computes no configuration key, holds
 * no secret, so sinks that only report secrets (a credential written to the log) need not evaluate
 * what reaches them: on library code nearly every function prints or logs something.
 */
export const mayHoldSecrets = (model: SemanticModel, fw: FrameworkIndex): boolean => {
  let byIndex = reached.get(model)
  if (byIndex === undefined) reached.set(model, (byIndex = new WeakMap()))
  let answer = byIndex.get(fw)
  if (answer === undefined) byIndex.set(fw, (answer = fw.given !== undefined || namesASecret(model, fw)))
  return answer
}

const reached = new WeakMap<SemanticModel, WeakMap<FrameworkIndex, boolean>>()

/** Methods that return a copy of the value they are called on */
const COPY_METHODS = /^(?:Clone|clone|copy|Copy|deepcopy)$/

const namesASecret = (model: SemanticModel, fw: FrameworkIndex): boolean => {
  const asked = new Map<string, boolean>()
  const credential = (name: string): boolean => {
    let yes = asked.get(name)
    if (yes === undefined) asked.set(name, (yes = fw.secretKey(name) || fw.secretNames?.test(name) === true))
    return yes
  }
  // `whole`: the value itself is used (logged, passed, assigned), not only a field or method of it
  const visit = (e: Expr, whole = true): boolean => {
    switch (e.k) {
      case "attr":
        // (a request's headers read whole hold its Authorization header: see FrameworkModel.credential_holders)
        return credential(e.name) || (whole && (e.name === "headers" || e.name === "Header")) || visit(e.obj, false)
      case "index":
        return (e.key.k === "lit" && typeof e.key.value === "string" && credential(e.key.value)) || visit(e.obj, false) || visit(e.key)
      case "ref":
        return credential(e.name.slice(e.name.lastIndexOf(".") + 1)) || (whole && fw.credentialHolders.lookup(e.name).length > 0)
      case "concat":
      case "op":
        return e.parts.some((p) => visit(p))
      case "container":
        return e.entries.some((x) => visit(x.value))
      default:
        // literals and names carry no name of their own; a call's parts are read with the calls below
        return false
    }
  }
  const statement = (s: Statement): boolean => (s.k === "assign" || s.k === "iterate" || s.k === "return" ? visit(s.value) : false)
  for (const f of model.functions) {
    if (f.params.some(credential) || f.body.some(statement)) return true
    if ((f.equalities ?? []).some((q) => visit(q.left) || visit(q.right))) return true
  }
  if (model.module.some(statement) || [...model.constants.values()].some((e) => visit(e))) return true
  for (const fields of model.literalFields?.values() ?? []) if (fields.some((x) => visit(x.value))) return true
  for (const c of model.calls) {
    const first = c.args[0]?.value
    // a getter's or a configuration call's key: read when written, unknown when the code computes it
    if (first !== undefined && first.k === "lit" && typeof first.value === "string" && credential(first.value)) return true
    if (first !== undefined && first.k !== "lit" && fw.config.lookup(c.callee).length > 0) return true
    // (a copy of the value is the value whole: `r.Header.Clone()`, `headers.copy()`)
    const copies = COPY_METHODS.test(c.callee.slice(c.callee.lastIndexOf(".") + 1))
    if ((c.receiver !== undefined && visit(c.receiver, copies)) || c.args.some((a) => visit(a.value))) return true
  }
  return false
}
