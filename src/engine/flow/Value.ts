/**
 * What data flow knows about a value: where it may come from (provenance), whether it is a
 * credential, its constant text or constant prefix, which parameters of the current function flow
 * into it (for helper summaries), and which checks every non-constant part of it has passed.
 */
export const enum Prov {
  Constant = 0,
  Config = 1,
  Unknown = 2,
  Untrusted = 3
}

export interface Value {
  readonly prov: Prov
  readonly secret: boolean
  /** the whole constant text, when every part is constant */
  readonly text?: string | undefined
  /** the constant text the value starts with (scheme and host of a URL built from a constant) */
  readonly prefix?: string | undefined
  /** the constant fragments the value was built from (capped), e.g. the SQL keywords around an interpolation */
  readonly consts?: string | undefined
  /** bit i: parameter i of the function being evaluated flows into the value */
  readonly params: number
  /** bitmask of guard kinds every non-constant part has passed (see GUARD_BITS) */
  readonly guards: number
  /** sanitizer calls every non-constant part went through */
  readonly sanitized: ReadonlyArray<string>
  /** what the untrusted data is, for messages: "request data", "model output", "tool argument" */
  readonly label?: string | undefined
  /** container fields with known keys */
  readonly fields?: ReadonlyMap<string, Value> | undefined
  /** the value is a list / array literal */
  readonly container?: boolean | undefined
  /**
   * Structured data, not text: a record or a list a parser made from text (`JSON.parse(s)`, `json.loads(s)`,
   * the models' `parsers`), a record whatever else it may be (`args ?? {}`), an object a constructor
   * made (`new Session(opts)`), or a value of a parameter or field declared with a type that is not
   * text (`action: ShellAction`, `n: number`). Whatever its fields, it is not text a sink runs (SQL)
   * until a field of it is read or it is written into text.
   */
  readonly structured?: true | undefined
  /**
   * For a variable whose fields were assigned (`argv.body = readFile(p)`): what it held before those
   * writes, which a field never written reads from (`argv.har` is not the file's contents)
   */
  readonly base?: Value | undefined
  /**
   * A URL whose scheme and host are fixed by the program: it starts with constant text and
   * configuration (an environment variable, a settings field, an imported constant), and right after
   * the last setting comes a path, query or fragment separator (`f"{API_BASE}/orders/{id}"`), so what
   * follows can only change the path or query, not the host. Host checks (SSRF) read it like a constant
   * scheme-and-host prefix.
   */
  readonly hostFixed?: true | undefined
  /**
   * Configuration followed by constant text only (`API_BASE + "/orders/"`): that text, where a URL
   * built on from it continues (`fixesHost` reads what comes right after the setting).
   */
  readonly settingTail?: string | undefined
  /**
   * SQL text whose every non-constant part sits where a statement takes a name, not a value: right
   * after FROM, INTO, UPDATE, JOIN, TABLE, VIEW, INDEX, REFERENCES, TRUNCATE (also inside a name,
   * `idx_{table}_id`, and after the ON of `CREATE INDEX idx_{t} ON {t}`). Such a value chooses which
   * table a fixed statement touches; it cannot add clauses unless it is untrusted.
   */
  readonly namesOnly?: true | undefined
  /**
   * A URL built from parts none of which is untrusted and unchecked up to a path, query or fragment
   * separator (`f"{self.api_url}/status/{job_id}"`, `f"https://{host}/{path}"` with host checked
   * against an allow-list): what those parts give, which alone picks the host. Data
   * after the separator only changes the path or query on that host. Host checks (SSRF) judge this
   * part instead of the whole.
   */
  readonly hostPart?: Value | undefined
  /**
   * A URL whose host starts with a value of unknown origin that the program itself holds (a module
   * name, an attribute, not a parameter): `base + req.query.path`. Data after it does not choose the
   * host unless the unknown value leaves it open, which nothing here shows, so host checks (SSRF) read
   * the URL as of unknown origin rather than as chosen by the data.
   */
  readonly hostUnknown?: true | undefined
  /**
   * The provenance of data in the value that its `guards` and `sanitized` marks do not cover: parts
   * of lower provenance than the rest, which passed none of the checks the rest passed
   * (`filepath.Join(t.dir, filepath.Base(name))`: the tool's argument is cleaned, the directory is a
   * field of unknown origin). A rule those marks satisfy judges the value by this provenance instead
   * of dropping it; the lower part alone never made the value untrusted.
   */
  readonly below?: Prov | undefined
  /**
   * The checks (guard bits) and sanitizers every part of `below` passed: those of the whole value
   * made after its parts were joined (`p := filepath.Join(t.dir, filepath.Base(name))`, then
   * `if !strings.HasPrefix(filepath.Clean(p), t.dir) { return }`: the directory passed the
   * containment check too), and those the lower parts passed themselves. Read only with `below`.
   */
  readonly belowGuards?: number | undefined
  readonly belowSanitized?: ReadonlyArray<string> | undefined
}

/**
 * A sanitizer mark: a few characters of the value (`key[-4:]`, `key.slice(-4)`), so a credential
 * in it is no longer the credential, also when a helper's summary passes the mark to its caller.
 */
export const PARTIAL = "<partial>"

export const GUARD_BITS = { allowlist: 1, contained: 2, host_allowlist: 4, validated: 8, capped: 16 } as const

/**
 * What passing a check tells about a value: one of fixed values (`allowlist`) is of a validated
 * shape too, so text built from an allow-listed part and a validated part (`f"--format={mode} {sha}"`)
 * is still validated, where the parts' guards meet (every rule that takes `validated` takes
 * `allowlist`); and one of fixed values has a ceiling (`k in (5, 10, 20)`). A rule's own mask of the
 * guards it takes stays GUARD_BITS.
 */
export const passedBits = (kind: keyof typeof GUARD_BITS): number =>
  kind === "allowlist" ? GUARD_BITS.allowlist | GUARD_BITS.validated | GUARD_BITS.capped : GUARD_BITS[kind]

/**
 * Every value has all of Value's fields, in this order (absent ones undefined), and is made by
 * spreading this one or another value: one hidden class for all of them. Values built with only the
 * fields they had took dozens of shapes, and every read of a field in the data flow went through
 * V8's megamorphic (slow) path.
 */
export const BLANK_VALUE: Value = Object.freeze({
  prov: Prov.Constant,
  secret: false,
  text: undefined,
  prefix: undefined,
  consts: undefined,
  params: 0,
  guards: 0,
  sanitized: Object.freeze([]) as ReadonlyArray<string>,
  label: undefined,
  fields: undefined,
  container: undefined,
  structured: undefined,
  base: undefined,
  hostFixed: undefined,
  settingTail: undefined,
  namesOnly: undefined,
  hostPart: undefined,
  hostUnknown: undefined,
  below: undefined,
  belowGuards: 0,
  belowSanitized: Object.freeze([]) as ReadonlyArray<string>
})

export const constant = (text?: string): Value => (text === undefined ? BLANK_VALUE : { ...BLANK_VALUE, text, prefix: text, consts: text.slice(0, 500) })

export const UNKNOWN_VALUE: Value = Object.freeze({ ...BLANK_VALUE, prov: Prov.Unknown })

const intersect = (a: ReadonlyArray<string>, b: ReadonlyArray<string>): ReadonlyArray<string> =>
  a.length === 0 || b.length === 0 ? [] : a.filter((x) => b.includes(x))

const higher = (a: Prov | undefined, b: Prov | undefined): Prov | undefined => (a === undefined ? b : b === undefined || a >= b ? a : b)

/** What data flow knows of a value's checks: its own, and its `below` part's. */
interface Checks {
  readonly guards: number
  readonly sanitized: ReadonlyArray<string>
  readonly below?: Prov | undefined
  readonly belowGuards?: number | undefined
  readonly belowSanitized?: ReadonlyArray<string> | undefined
}

/** Lower data of two values together: the higher provenance, and the checks all of it passed. */
const belowOf = (
  a: Prov | undefined,
  aGuards: number | undefined,
  aSanitized: ReadonlyArray<string> | undefined,
  b: Prov | undefined,
  bGuards: number | undefined,
  bSanitized: ReadonlyArray<string> | undefined
): { below: Prov | undefined; belowGuards: number; belowSanitized: ReadonlyArray<string> } =>
  a === undefined
    ? { below: b, belowGuards: b === undefined ? 0 : bGuards ?? 0, belowSanitized: b === undefined ? NO_MARKS : bSanitized ?? NO_MARKS }
    : b === undefined
      ? { below: a, belowGuards: aGuards ?? 0, belowSanitized: aSanitized ?? NO_MARKS }
      : { below: higher(a, b), belowGuards: (aGuards ?? 0) & (bGuards ?? 0), belowSanitized: intersect(aSanitized ?? NO_MARKS, bSanitized ?? NO_MARKS) }

const NO_MARKS: ReadonlyArray<string> = Object.freeze([])

/**
 * The checks data of both non-constant values passed. Of equal provenance: those both passed. Else
 * the checks of the higher one, whose data decides the verdict, with the lower one's provenance as
 * `below` unless it passed them too: a cleaned tool argument joined to a directory of unknown origin
 * is clean of the argument's data, not untrusted. A credential's few characters (PARTIAL) are about
 * the secret, not the provenance: that mark still needs both.
 */
const checksOf = (a: Checks & { readonly prov: Prov }, b: Value): Checks => {
  if (a.prov === b.prov)
    return { guards: a.guards & b.guards, sanitized: intersect(a.sanitized, b.sanitized), ...belowOf(a.below, a.belowGuards, a.belowSanitized, b.below, b.belowGuards, b.belowSanitized) }
  const aHigher = a.prov > b.prov
  const hi: Checks = aHigher ? a : b
  const lo: Checks & { readonly prov: Prov } = aHigher ? b : a
  const lower = belowOf(hi.below, hi.belowGuards, hi.belowSanitized, lo.below, lo.belowGuards, lo.belowSanitized)
  if (hi.guards === 0 && hi.sanitized.length === 0) return { guards: 0, sanitized: hi.sanitized, ...lower }
  const covered = (hi.guards & ~lo.guards) === 0 && hi.sanitized.every((m) => lo.sanitized.includes(m))
  const sanitized = covered || !hi.sanitized.includes(PARTIAL) ? hi.sanitized : hi.sanitized.filter((m) => m !== PARTIAL || lo.sanitized.includes(PARTIAL))
  if (covered) return { guards: hi.guards, sanitized, ...lower }
  // the lower value's own data (and its lower part) joins the data the checks do not cover
  const own = lo.below === undefined ? { guards: lo.guards, sanitized: lo.sanitized } : { guards: lo.guards & (lo.belowGuards ?? 0), sanitized: intersect(lo.sanitized, lo.belowSanitized ?? NO_MARKS) }
  return { guards: hi.guards, sanitized, ...belowOf(hi.below, hi.belowGuards, hi.belowSanitized, lo.prov, own.guards, own.sanitized) }
}

/**
 * A check or sanitizer applied to the value as a whole (`if !strings.HasPrefix(filepath.Clean(p), base)`
 * with `p` read after it, `html.EscapeString(s)`): every part of it passed, the lower ones too.
 */
export const checkedWhole = (v: Value, guards: number, sanitized: ReadonlyArray<string> = NO_MARKS): Value => {
  if (guards === 0 && sanitized.length === 0) return v
  const marks = sanitized.length === 0 ? v.sanitized : [...v.sanitized, ...sanitized]
  if (v.below === undefined) return { ...v, guards: v.guards | guards, sanitized: marks }
  return {
    ...v,
    guards: v.guards | guards,
    sanitized: marks,
    belowGuards: (v.belowGuards ?? 0) | guards,
    belowSanitized: sanitized.length === 0 ? v.belowSanitized ?? NO_MARKS : [...(v.belowSanitized ?? NO_MARKS), ...sanitized]
  }
}

/**
 * The marks of a join of a secret with data that is none: a few characters of the credential
 * (PARTIAL) are about the credential alone, so the secret side decides whether they hold
 * (`{ workspace: body.workspaceId, token: mask(body.botToken) }` logs no credential).
 */
const partialOf = (secrets: ReadonlyArray<Value>, marks: ReadonlyArray<string>): ReadonlyArray<string> => {
  const partial = secrets.every((v) => v.sanitized.includes(PARTIAL))
  if (partial === marks.includes(PARTIAL)) return marks
  return partial ? [...marks, PARTIAL] : marks.filter((m) => m !== PARTIAL)
}

/** Data of both (a value built from two others, or a variable assigned twice). */
export const join = (a: Value, b: Value): Value => {
  const aConst = a.prov === Prov.Constant && a.params === 0
  const bConst = b.prov === Prov.Constant && b.params === 0
  const checks: Checks = aConst ? b : bConst ? a : checksOf(a, b)
  // one statement or the other, each with data only in name positions (or none)
  const namesOnly = (a.namesOnly === true || aConst) && (b.namesOnly === true || bConst) && (a.namesOnly === true || b.namesOnly === true)
  const prov = a.prov >= b.prov ? a.prov : b.prov
  const label = a.prov >= b.prov ? a.label ?? b.label : b.label ?? a.label
  const consts = joinConsts(a.consts, b.consts)
  return {
    ...BLANK_VALUE,
    consts,
    prov,
    secret: a.secret || b.secret,
    params: a.params | b.params,
    guards: checks.guards,
    sanitized: a.secret === b.secret ? checks.sanitized : partialOf([a.secret ? a : b], checks.sanitized),
    below: checks.below,
    belowGuards: checks.below === undefined ? 0 : checks.belowGuards ?? 0,
    belowSanitized: checks.below === undefined ? NO_MARKS : checks.belowSanitized ?? NO_MARKS,
    label,
    // one URL or the other, each on a configured host (`url = f"{BASE}/a/{x}"` in one branch, `/b/` in the other)
    hostFixed: a.hostFixed === true && b.hostFixed === true ? true : undefined,
    namesOnly: namesOnly ? true : undefined,
    // a record or nothing (`trace ? { instructions: SYSTEM } : undefined`): the record's fields
    fields: a.fields !== undefined && nothing(b) ? a.fields : b.fields !== undefined && nothing(a) ? b.fields : undefined,
    // a URL or nothing (`return None` on a failed check, else the URL): the URL's host part
    hostPart: a.hostPart !== undefined && nothing(b) ? a.hostPart : b.hostPart !== undefined && nothing(a) ? b.hostPart : undefined
  }
}

/** A constant that is neither text nor a record: `undefined`, `None`, `null` (empty text), or no constant text at all. */
const nothing = (v: Value): boolean => v.prov === Prov.Constant && v.params === 0 && (v.text === undefined || v.text === "") && v.fields === undefined && v.container !== true

/** Parts written one after the other: the constant prefix is kept while the parts are constant. */
export const concat = (parts: ReadonlyArray<Value>): Value => {
  if (parts.length === 0) return constant("")
  let out = parts[0]!
  let prefix = parts[0]!.prefix ?? ""
  let text: string | undefined = parts[0]!.text
  let prefixOpen = parts[0]!.text !== undefined
  for (let i = 1; i < parts.length; i++) {
    const p = parts[i]!
    out = join(out, p)
    if (prefixOpen) {
      prefix += p.prefix ?? ""
      prefixOpen = p.text !== undefined
    }
    text = text !== undefined && p.text !== undefined ? text + p.text : undefined
  }
  const host = text === undefined ? fixesHost(parts) : undefined
  const hostPart = text === undefined && host !== true && (out.prov !== Prov.Constant || out.params !== 0) ? hostOf(parts) : undefined
  return {
    ...out,
    text,
    prefix: prefix !== "" ? prefix : undefined,
    fields: undefined,
    container: undefined,
    hostFixed: host === true ? true : undefined,
    settingTail: typeof host === "string" ? host : undefined,
    namesOnly: text === undefined && (out.prov !== Prov.Constant || out.params !== 0) && namesOnly(parts) ? true : undefined,
    hostPart,
    hostUnknown: text === undefined && host === undefined && startsUnknown(parts) ? true : undefined
  }
}

/**
 * The parts before the first constant text that starts a path, query or fragment (`/`, `?`, `#`,
 * not `//`), joined, when none of them is untrusted or secret and one is not constant text, and data
 * (not constant) follows; else undefined.
 */
const hostOf = (parts: ReadonlyArray<Value>): Value | undefined => {
  let data = false
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!
    if (p.text !== undefined) {
      if (i > 0 && data && /^[/?#]/.test(p.text) && !p.text.startsWith("//")) {
        const rest = parts.slice(i + 1)
        return rest.some((r) => r.text === undefined && (r.prov !== Prov.Constant || r.params !== 0)) ? joinAll(parts.slice(0, i)) : undefined
      }
      continue
    }
    // (untrusted data that passed a check may pick the host: `f"https://{host}/{path}"` after
    // `if host not in HOSTS: return`; the host part is judged with its checks)
    if ((p.prov === Prov.Untrusted && p.guards === 0) || p.secret || p.hostPart !== undefined) return undefined
    data = true
  }
  return undefined
}

/** Keywords after which a statement takes a table, view or index name (optionally `IF NOT EXISTS`, a schema, a quote, or the start of the name) */
const NAME_AFTER = /\b(?:from|into|update|join|table|view|index|references|truncate)\s+(?:if\s+(?:not\s+)?exists\s+)?(?:only\s+)?[\w."`[]*$/i
/** The rest of a name and the ON of `CREATE INDEX idx_{t}_id ON {t}`: the table the index is on */
const INDEX_ON = /^[\w"`\]]+\s+on\s+$/i
/** `CREATE INDEX IF NOT EXISTS idx ON {t}`: a constant index name, then the table it is on */
const INDEX_NAMED_ON = /\bindex\s+(?:if\s+not\s+exists\s+)?[\w."`]+\s+on\s+(?:only\s+)?$/i
/** `{schema}.{table}`, `{prefix}_{name}`: one name written in pieces */
const NAME_GOES_ON = /^[\w."`]+$/

/**
 * Every part that is not constant sits where SQL takes a name: the constant text before it ends
 * with a naming keyword (NAME_AFTER), or continues a name that did (INDEX_ON). Only the last 80
 * characters before a part are read.
 */
const namesOnly = (parts: ReadonlyArray<Value>): boolean => {
  let any = false
  let afterName = false
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!
    if (p.text !== undefined) continue
    if (p.prov === Prov.Constant && p.params === 0) {
      afterName = false
      continue
    }
    if (p.namesOnly === true) {
      any = true
      afterName = false
      continue
    }
    const before = i > 0 ? parts[i - 1]!.text : undefined
    if (before === undefined) return false
    const tail = before.length > 80 ? before.slice(-80) : before
    if (!NAME_AFTER.test(tail) && !INDEX_NAMED_ON.test(tail) && !(afterName && (INDEX_ON.test(tail) || NAME_GOES_ON.test(tail)))) return false
    any = true
    afterName = true
  }
  return any
}

/**
 * After any constant text (`"//" + base + path`), the first part is of unknown origin and held by
 * the program (no parameter, no secret), and data of another origin follows it.
 */
const startsUnknown = (parts: ReadonlyArray<Value>): boolean => {
  let i = 0
  while (i < parts.length && parts[i]!.prov === Prov.Constant && parts[i]!.text !== undefined) i++
  const head = parts[i]
  if (head === undefined || i === parts.length - 1) return false
  return (head.prov === Prov.Unknown && head.params === 0 && !head.secret && head.hostFixed !== true) || head.hostUnknown === true
}

/**
 * The parts start with configuration (and constant text around it), and the constant text right
 * after the last setting ends the host: it begins with `/`, `?` or `#` (not `//`, which would start
 * a host), or holds one after a constant rest of the host (`.zendesk.com/`, no `@`): whatever
 * data follows lands in the path or query of the host the operator configured. A value that already
 * fixed its host (`BASE_URL` held in a variable) counts as configuration. Parts that are all settings
 * and constant text give the text after the last setting (`settingTail`), for a concatenation that
 * goes on from them (`(API_BASE + "/orders/") + id`).
 */
const fixesHost = (parts: ReadonlyArray<Value>): boolean | string | undefined => {
  let lastSetting = -1
  let i = 0
  for (; i < parts.length; i++) {
    const p = parts[i]!
    // a URL whose host passed an allow-list check (`if urlparse(base).hostname not in HOSTS: raise`)
    // is on a host the program chose, like a setting, whoever passed it
    const hostChecked = (p.guards & GUARD_BITS.host_allowlist) !== 0 && p.text === undefined
    if ((p.params !== 0 && !hostChecked) || p.secret) break
    if (p.prov === Prov.Constant && p.text !== undefined) continue
    if (p.prov === Prov.Config || p.hostFixed === true || hostChecked) lastSetting = i
    else break
  }
  if (lastSetting === -1) return undefined
  if (parts[lastSetting]!.hostFixed === true) return true
  let sep = parts[lastSetting]!.settingTail ?? ""
  for (let j = lastSetting + 1; j < i; j++) sep += parts[j]!.text!
  // only settings and constant text so far: remember what follows the last setting
  if (i === parts.length) return sep === "" ? undefined : sep
  // the host ends in the program's text: right after the setting (`{API_BASE}/orders/`), or after a
  // constant rest of the host (`https://{SUBDOMAIN}.zendesk.com/api/`)
  return /^[^/?#@\\]*[/?#]/.test(sep) && !sep.startsWith("//")
}

const CONSTS_CAP = 500

/** The constant fragments of both, capped: once full, more fragments change nothing. */
const joinConsts = (a: string | undefined, b: string | undefined): string | undefined =>
  a === undefined ? b : b === undefined || a.length >= CONSTS_CAP ? a : `${a} ${b}`.slice(0, CONSTS_CAP)

/**
 * `join` folded over the values, without a value object per step: a table of thousands of entries
 * (Go's composite literals, a module's dict of prompts) joins in one pass.
 */
export const joinAll = (values: ReadonlyArray<Value>): Value => {
  if (values.length === 0) return constant()
  if (values.length === 1) return values[0]!
  const first = values[0]!
  let prov = first.prov
  let label = first.label
  let consts = first.consts
  let secret = first.secret
  let params = first.params
  let guards = first.guards
  let sanitized = first.sanitized
  let below = first.below
  let belowGuards = first.belowGuards ?? 0
  let belowSanitized = first.belowSanitized ?? NO_MARKS
  for (let i = 1; i < values.length; i++) {
    const b = values[i]!
    const aConst = prov === Prov.Constant && params === 0
    const bConst = b.prov === Prov.Constant && b.params === 0
    if (aConst) {
      guards = b.guards
      sanitized = b.sanitized
      below = b.below
      belowGuards = b.belowGuards ?? 0
      belowSanitized = b.belowSanitized ?? NO_MARKS
    } else if (!bConst) {
      const checks = checksOf({ prov, guards, sanitized, below, belowGuards, belowSanitized }, b)
      guards = checks.guards
      sanitized = checks.sanitized
      below = checks.below
      belowGuards = checks.belowGuards ?? 0
      belowSanitized = checks.belowSanitized ?? NO_MARKS
    }
    label = prov >= b.prov ? label ?? b.label : b.label ?? label
    if (b.prov > prov) prov = b.prov
    consts = joinConsts(consts, b.consts)
    secret = secret || b.secret
    params = params | b.params
  }
  // (a few characters of every credential among the parts: see partialOf)
  if (secret && !values.every((v) => v.secret)) sanitized = partialOf(values.filter((v) => v.secret), sanitized)
  const joined: Value =
    below === undefined
      ? { ...BLANK_VALUE, consts, prov, secret, params, guards, sanitized, label }
      : { ...BLANK_VALUE, consts, prov, secret, params, guards, sanitized, label, below, belowGuards, belowSanitized }
  // a record or nothing (`trace ? { instructions: SYSTEM } : undefined`, `meta ?? null`): the record's fields
  const records = values.filter((v) => v.fields !== undefined)
  return records.length === 1 && values.every((v) => v === records[0] || nothing(v)) ? { ...joined, fields: records[0]!.fields } : joined
}

export const PROV_NAMES: Record<Prov, string> = {
  [Prov.Constant]: "constant",
  [Prov.Config]: "configuration",
  [Prov.Unknown]: "unknown",
  [Prov.Untrusted]: "untrusted"
}
