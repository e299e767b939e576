/**
 * Canonical-name globs. A name is dotted (`sqlite3.connect().cursor().execute`); in a pattern `*`
 * stands for one or more segments when it leads (`*.execute`: any receiver) and for exactly one
 * segment elsewhere (`openai.*.create`); an inner `**` stands for any number of segments, none
 * included (`*.StateGraph().**.addNode`: a builder chain of any length). Call results keep their `()` so `connect().execute` and
 * `connect.execute` differ; a pattern segment without `()` also matches the segment with it. A `*`
 * inside a segment stands for any characters but a dot (`fmt.Scan*`: Scan, Scanln, Scanf;
 * `github.com/google/go-github/*.Client`: any major version of the module).
 */
export interface NamePattern {
  readonly source: string
  /** the last segment, without `()`: the literal a file must contain for the pattern to match */
  readonly last: string
  readonly test: (name: string) => boolean
}

const escape = (s: string): string => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&")

const compiledNames = new Map<string, NamePattern>()

/** Compiled once per pattern: conditions compile the names they compare on every check. */
export const compileName = (pattern: string): NamePattern => {
  let compiled = compiledNames.get(pattern)
  if (compiled === undefined) compiledNames.set(pattern, (compiled = compileNameOnce(pattern)))
  return compiled
}

const compileNameOnce = (pattern: string): NamePattern => {
  const segments = pattern.split(".")
  const last = segments[segments.length - 1]!.replace(/\(\)$/, "")
  const parts = segments.map((seg, i) => {
    // a leading `*` is any receiver, including a relative module path (`./models/order.Order`)
    if (seg === "*") return i === 0 ? "(?:.+)" : "[^.]+"
    // `**` inside: any number of segments, none included (a builder chain, `StateGraph().addNode().addNode`)
    if (seg === "**" && i > 0 && i < segments.length - 1) return "(?:\\.[^.]+)*"
    const bare = seg.replace(/\(\)$/, "")
    // a `*` inside the segment: any characters but a dot
    const text = bare.split("*").map(escape).join("[^.]*")
    // the last segment without `()` is the call itself, not a call of what it returns (`compile(t)(data)`)
    return seg.endsWith("()") ? `${text}\\(\\)` : i === segments.length - 1 ? text : `${text}(?:\\(\\))?`
  })
  // segments are joined by dots; an inner `**` brings its own
  const inner = (i: number): boolean => segments[i] === "**" && i > 0 && i < segments.length - 1
  const source = parts.map((p, i) => (i === 0 || inner(i) ? p : `\\.${p}`)).join("")
  const re = new RegExp(`^${source}$`)
  return { source: pattern, last, test: (name) => re.test(name) }
}

/**
 * What a file must contain for a name pattern to match one of its calls (the prefilter, see
 * engine/analyseSource.ts): the `word` (the pattern's last named segment) inside the function, and,
 * for a pattern rooted in a module (`subprocess.run`, `os/exec.Command`, `@langchain/openai.ChatOpenAI`),
 * the `root` anywhere in the file: a canonical name that starts with a module comes from an import of
 * it, and an import names its module. A pattern led by `*` (any receiver) or of one segment has no root.
 */
export interface Requirement {
  readonly word: string
  readonly root?: string
  /** the word counts inside a longer identifier too (`KEY` in `OPENAI_API_KEY`); otherwise only whole */
  readonly partial?: true
}

export const requirementOf = (pattern: string): Requirement | undefined => {
  const segments = pattern.split(".")
  // Go and npm module paths contain dots (`github.com/tmc/langchaingo/llms.X`): a rooted pattern's
  // root is the whole import path, up to the last segment that holds a `/`
  let rootEnd = segments[0] === "*" || segments.length < 2 ? 0 : 1
  segments.forEach((s, i) => {
    if (s.includes("/")) rootEnd = i + 1
  })
  if (rootEnd >= segments.length) rootEnd = segments.length - 1
  // the call site writes the chain after the last call result (`client.chat.completions.create`;
  // `conn.cursor()` may be made in another function): its longest segment (`completions`, much rarer
  // than `create`) is what the function must mention; on a tie the last segment, the one a call of an
  // imported name writes (`from autogen_agentchat.teams import Swarm`: `Swarm`, not `teams`)
  let from = rootEnd
  segments.forEach((s, i) => {
    if (s.endsWith("()") && i + 1 > from) from = i + 1
  })
  const tail = segments.slice(Math.min(from, segments.length - 1)).filter((s) => s !== "*" && s !== "**")
  if (tail.length === 0) return undefined
  const word = tail.map((s) => s.replace(/\(\)$/, "")).reduce((a, b) => (b.length >= a.length ? b : a))
  if (word === "") return undefined
  // a glob inside the word (`Scan*`): its longest literal piece, inside a longer identifier too
  const piece = word.includes("*") ? word.split("*").reduce((a, b) => (b.length >= a.length ? b : a)) : undefined
  if (piece === "") return undefined
  const root = segments.slice(0, rootEnd).join(".")
  // a root with a glob in it (`github.com/google/go-github/*`) is no text a file holds
  const rooted = root === "" || root === "*" || root.includes("*") ? {} : { root }
  return piece === undefined ? { word, ...rooted } : { word: piece, ...rooted, partial: true }
}

/** The last segment of a canonical name, without `()`. */
export const lastSegment = (name: string): string => {
  const dot = name.lastIndexOf(".")
  const seg = dot === -1 ? name : name.slice(dot + 1)
  return seg.endsWith("()") ? seg.slice(0, -2) : seg
}

const NONE: ReadonlyArray<never> = []

/** An index of the names, each standing for itself (`undefined`: an empty one). */
export const nameSet = (names: ReadonlyArray<string> | undefined): NameIndex<true> => {
  const index = new NameIndex<true>()
  for (const n of names ?? []) index.add(n, true)
  return index
}

/** Patterns indexed by last segment, so a name is tested only against patterns that can match it. */
export class NameIndex<T> {
  private byLast = new Map<string, Array<{ pattern: NamePattern; value: T }>>()
  /** patterns that end in `*` (`httpx.Client().*`): tested against every name */
  private open: Array<{ pattern: NamePattern; value: T }> = []
  private requirements = new Map<string, Requirement>()
  /** names this index does not answer for, whatever its patterns say (see `except`) */
  private exempt: NameIndex<true> | undefined
  /**
   * This index less some names: a rule's `keeps` (`Math.ceil`) taken off a shared `safe` list that
   * names them by a glob (`Math.*`). Shares the patterns; answers nothing for a name `names` matches.
   */
  except(names: NameIndex<true>): NameIndex<T> {
    const out = new NameIndex<T>()
    out.byLast = this.byLast
    out.open = this.open
    out.requirements = this.requirements
    out.exempt = names
    return out
  }
  add(pattern: string, value: T): void {
    this.found.clear()
    const compiled = compileName(pattern)
    const requirement = requirementOf(pattern)
    if (requirement !== undefined) this.requirements.set(`${requirement.root ?? ""} ${requirement.word}`, requirement)
    if (compiled.last.includes("*")) {
      this.open.push({ pattern: compiled, value })
      return
    }
    const list = this.byLast.get(compiled.last) ?? []
    list.push({ pattern: compiled, value })
    this.byLast.set(compiled.last, list)
  }
  /** answers by name: a file calls the same few names many times (`print`, `logger.info`) */
  private readonly found = new Map<string, ReadonlyArray<T>>()
  lookup(name: string): ReadonlyArray<T> {
    // most rules leave most of their indexes empty (no sanitizers, no given names): nothing to remember
    if (this.open.length === 0 && this.byLast.size === 0) return NONE
    const known = this.found.get(name)
    if (known !== undefined) return known
    if (this.exempt !== undefined && this.exempt.lookup(name).length > 0) {
      this.found.set(name, NONE)
      return NONE
    }
    const list = this.byLast.get(lastSegment(name))
    let out: Array<T> | undefined
    if (list !== undefined) for (const e of list) if (e.pattern.test(name)) (out ??= []).push(e.value)
    for (const e of this.open) if (e.pattern.test(name)) (out ??= []).push(e.value)
    const answer = out ?? NONE
    if (this.found.size >= 20_000) this.found.clear()
    this.found.set(name, answer)
    return answer
  }
  /** what a file must mention for any pattern to match */
  get literals(): ReadonlyArray<Requirement> {
    return [...this.requirements.values()]
  }
  get size(): number {
    return this.byLast.size + this.open.length
  }
}
