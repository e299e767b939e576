/**
 * Canonical-name globs. A name is dotted (`sqlite3.connect().cursor().execute`); in a pattern `*`
 * stands for one or more segments when it leads (`*.execute`: any receiver) and for exactly one
 * segment elsewhere (`openai.*.create`). Call results keep their `()` so `connect().execute` and
 * `connect.execute` differ; a pattern segment without `()` also matches the segment with it.
 */
export interface NamePattern {
  readonly source: string
  /** the last segment, without `()`: the literal a file must contain for the pattern to match */
  readonly last: string
  readonly test: (name: string) => boolean
}

const escape = (s: string): string => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&")

export const compileName = (pattern: string): NamePattern => {
  const segments = pattern.split(".")
  const last = segments[segments.length - 1]!.replace(/\(\)$/, "")
  const parts = segments.map((seg, i) => {
    // a leading `*` is any receiver, including a relative module path (`./models/order.Order`)
    if (seg === "*") return i === 0 ? "(?:.+)" : "[^.]+"
    const bare = seg.replace(/\(\)$/, "")
    return seg.endsWith("()") ? `${escape(bare)}\\(\\)` : `${escape(bare)}(?:\\(\\))?`
  })
  const re = new RegExp(`^${parts.join("\\.")}$`)
  return { source: pattern, last, test: (name) => re.test(name) }
}

/** The last segment of a canonical name, without `()`. */
export const lastSegment = (name: string): string => {
  const dot = name.lastIndexOf(".")
  const seg = dot === -1 ? name : name.slice(dot + 1)
  return seg.endsWith("()") ? seg.slice(0, -2) : seg
}

/** Patterns indexed by last segment, so a name is tested only against patterns that can match it. */
export class NameIndex<T> {
  private readonly byLast = new Map<string, Array<{ pattern: NamePattern; value: T }>>()
  /** patterns that end in `*` (`httpx.Client().*`): tested against every name */
  private readonly open: Array<{ pattern: NamePattern; value: T }> = []
  private readonly words = new Set<string>()
  add(pattern: string, value: T): void {
    const compiled = compileName(pattern)
    if (compiled.last === "*") {
      this.open.push({ pattern: compiled, value })
      // the last named segment is what a file must mention
      const named = pattern.split(".").filter((s) => s !== "*")
      const word = named[named.length - 1]?.replace(/\(\)$/, "").split("/").pop()
      if (word !== undefined && word !== "") this.words.add(word)
      return
    }
    const list = this.byLast.get(compiled.last) ?? []
    list.push({ pattern: compiled, value })
    this.byLast.set(compiled.last, list)
    this.words.add(compiled.last)
  }
  lookup(name: string): Array<T> {
    const list = this.byLast.get(lastSegment(name))
    const out: Array<T> = []
    if (list !== undefined) for (const e of list) if (e.pattern.test(name)) out.push(e.value)
    for (const e of this.open) if (e.pattern.test(name)) out.push(e.value)
    return out
  }
  /** the literal names a file must mention for any pattern to match */
  get literals(): ReadonlyArray<string> {
    return [...this.words]
  }
  get size(): number {
    return this.byLast.size + this.open.length
  }
}
