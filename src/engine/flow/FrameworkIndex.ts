import type { FrameworkModel } from "../../domain/FlowRule.js"
import type { FunctionRole } from "../model/Model.js"
import type { GivenIndex } from "./given.js"
import { NameIndex } from "./names.js"

/** The framework models of one language, compiled for lookups by canonical name. */
export interface FrameworkIndex {
  readonly untrusted: NameIndex<string>
  readonly config: NameIndex<true>
  readonly safe: NameIndex<true>
  /** calls that parse text into a record or list (their result is `structured`, see Value.ts) */
  readonly parsers: NameIndex<true>
  /** calls on a client of a fixed-host API: their result is the service's answer, not their arguments' data */
  readonly apiClients: NameIndex<true>
  /** types of a tool's run context (PydanticAI `RunContext`): a parameter of one holds no data the model chose */
  readonly contextTypes: NameIndex<true>
  /** values that carry credentials when read whole (a request's headers), see FrameworkModel.credential_holders */
  readonly credentialHolders: NameIndex<true>
  readonly secretNames: RegExp | undefined
  /**
   * A field, header or attribute name that names a credential as a whole (`password`, `x-api-key`,
   * `authorization`, `access_token`): `secret_names` at the end of the name, so `max_tokens`,
   * `token_count` or `author` are not; for request fields and settings attributes.
   */
  readonly secretKey: (name: string) => boolean
  readonly decorators: NameIndex<FunctionRole>
  /** decorators a role pattern matches that are something else (`unittest.mock.patch` for `*.patch`) */
  readonly notDecorators: NameIndex<true>
  readonly callbacks: NameIndex<{ role: FunctionRole; arg?: number; field?: string }>
  readonly paramTypes: NameIndex<FunctionRole>
  /** parameter types that give a role only to a module's entry functions (FunctionInfo.entry) */
  readonly entryParamTypes: NameIndex<FunctionRole>
  /** `<Base>.<method>` of framework base classes whose overrides get a role */
  readonly methods: NameIndex<FunctionRole>
  /** exported function names that give a role (`POST` of a Next.js route file) */
  readonly exports: ReadonlyMap<string, FunctionRole>
  /** calls a function returns whose first parameter is the request it answers (a Django view's HttpResponse) */
  readonly answers: NameIndex<FunctionRole>
  /** attributes of a request object: read from a function's first parameter, they mark it as the request */
  readonly requestAttributes: ReadonlySet<string>
  /** Go: types declaring all of `has` implement a framework interface; their `methods` get `role` */
  readonly implements: ReadonlyArray<{ readonly has: ReadonlyArray<string>; readonly methods: ReadonlyArray<string>; readonly role: FunctionRole }>
  /** module-level functions whose parameter names are one of these lists get the role */
  readonly signatures: ReadonlyArray<{ readonly params: ReadonlyArray<string>; readonly role: FunctionRole }>
  /** tool declarations written as data: the key of the declared name and the schema keys beside it */
  readonly declarations: ReadonlyArray<{ readonly name: string; readonly with: ReadonlyArray<string>; readonly role: FunctionRole }>
  readonly untrustedRoles: ReadonlySet<FunctionRole>
  /** sources the caller gives with one piece of code (a builder node's input), checked first */
  readonly given?: GivenIndex
}

export const compileFrameworks = (models: ReadonlyArray<FrameworkModel>): FrameworkIndex => {
  const index: FrameworkIndex = {
    untrusted: new NameIndex(),
    config: new NameIndex(),
    safe: new NameIndex(),
    parsers: new NameIndex(),
    apiClients: new NameIndex(),
    contextTypes: new NameIndex(),
    credentialHolders: new NameIndex(),
    secretNames: undefined,
    secretKey: () => false,
    decorators: new NameIndex(),
    notDecorators: new NameIndex(),
    callbacks: new NameIndex(),
    paramTypes: new NameIndex(),
    entryParamTypes: new NameIndex(),
    methods: new NameIndex(),
    exports: new Map(),
    answers: new NameIndex(),
    requestAttributes: new Set(),
    implements: [],
    signatures: [],
    declarations: [],
    untrustedRoles: new Set()
  }
  let secret: string | undefined
  const roles = index.untrustedRoles as Set<FunctionRole>
  for (const m of models) {
    for (const s of m.untrusted) for (const n of s.names) index.untrusted.add(n, s.label)
    for (const n of m.config ?? []) index.config.add(n, true)
    for (const n of m.safe ?? []) index.safe.add(n, true)
    for (const n of m.parsers ?? []) index.parsers.add(n, true)
    for (const n of m.api_clients ?? []) index.apiClients.add(n, true)
    for (const n of m.context_types ?? []) index.contextTypes.add(n, true)
    for (const n of m.credential_holders ?? []) index.credentialHolders.add(n, true)
    if (m.secret_names !== undefined) secret = secret === undefined ? m.secret_names : `${secret}|${m.secret_names}`
    for (const r of m.roles ?? []) {
      for (const d of r.decorators ?? []) index.decorators.add(d, r.role)
      for (const c of r.callbacks ?? [])
        for (const n of c.callee) index.callbacks.add(n, { role: r.role, ...(c.arg !== undefined ? { arg: c.arg } : {}), ...(c.field !== undefined ? { field: c.field } : {}) })
      for (const t of r.param_types ?? []) index.paramTypes.add(t, r.role)
      for (const t of r.entry_param_types ?? []) index.entryParamTypes.add(t, r.role)
      for (const t of r.methods ?? []) index.methods.add(t, r.role)
      for (const e of r.exports ?? []) (index.exports as Map<string, FunctionRole>).set(e, r.role)
      for (const t of r.answers ?? []) index.answers.add(t, r.role)
      for (const a of r.request_attributes ?? []) (index.requestAttributes as Set<string>).add(a)
      for (const params of r.signatures ?? []) (index.signatures as Array<FrameworkIndex["signatures"][number]>).push({ params, role: r.role })
      if (r.declared_by !== undefined) (index.declarations as Array<FrameworkIndex["declarations"][number]>).push({ ...r.declared_by, role: r.role })
      for (const i of r.implements ?? []) (index.implements as Array<FrameworkIndex["implements"][number]>).push({ has: i.has, methods: i.methods, role: r.role })
    }
    for (const d of m.not_decorators ?? []) index.notDecorators.add(d, true)
    for (const r of m.untrusted_roles ?? []) roles.add(r)
  }
  if (secret === undefined) return index
  const whole = new RegExp(`(?:${secret})$`, "i")
  return { ...index, secretNames: new RegExp(secret, "i"), secretKey: (name) => CREDENTIAL_HEADER.test(name) || (whole.test(name) && !NOT_CREDENTIAL.test(name)) }
}

/** Request headers that carry credentials whatever the models' secret names say. */
const CREDENTIAL_HEADER = /^(?:(?:proxy[_-])?authorization|(?:set[_-])?cookie)$/i

/** Names ending like a secret that are counts, pagination cursors or lookup keys, not credentials. */
const NOT_CREDENTIAL = /(?:max|min|num|total|count|page|next|prev|continuation|sync|cursor)[_-]?tokens?$|(?:sort|cache|partition|primary|foreign|idempotency|lookup|dedupe?|object|group|map|row|hash|public|routing)[_-]?key$/i
