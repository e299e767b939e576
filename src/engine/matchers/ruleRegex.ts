/**
 * How rule files spell regexes everywhere: JavaScript syntax, plus a leading `(?i)` (as in other
 * scanners' rule files) for case-insensitive matching. Unicode mode makes `\u{…}` and classes sane.
 */
export const compileRuleRegex = (source: string, extraFlags = ""): RegExp => {
  const caseless = source.startsWith("(?i)")
  return new RegExp(caseless ? source.slice(4) : source, `u${caseless ? "i" : ""}${extraFlags}`)
}
