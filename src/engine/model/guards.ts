import type { GuardKind } from "./Model.js"

/**
 * Checks that make a value safe, by the name of the function or method that performs them. They are
 * the same idea in every language; each language module finds them in its own syntax.
 */
const CHECKS: ReadonlyArray<readonly [RegExp, GuardKind]> = [
  // containment after normalisation
  [/^(?:startswith|startsWith|is_relative_to|HasPrefix|relative_to|commonpath)$/, "contained"],
  // a URL's scheme and host checked against allowed hosts (Django, and the usual helper names)
  [/^(?:url_has_allowed_host_and_scheme|is_safe_url|isSafeRedirect|isSafeUrl|isAllowedUrl|isAllowedHost|IsSafeRedirect|IsAllowedHost)$/, "host_allowlist"],
  // allow-list membership
  [/^(?:includes|has|Contains|contains|ContainsKey|__contains__|hasOwnProperty|hasOwn|get)$/, "allowlist"],
  // validation of shape or type
  [/^(?:isinstance|isdigit|isnumeric|isdecimal|isalnum|isidentifier|fullmatch|match|test|MatchString|isInteger|isSafeInteger|is_valid|validate|isValid)$/, "validated"]
]

export const checkKindOf = (name: string): GuardKind | undefined => {
  for (const [re, kind] of CHECKS) if (re.test(name)) return kind
  return undefined
}

/** A URL prefix that names a scheme and a whole host: the host ends at a `/`, `?` or `#`. */
export const HOST_PREFIX = /^[a-z][a-z0-9+.-]*:\/\/[^/?#@\s]+[/?#]/i

/** Calls that normalise a path or URL before it is checked (the checked value is their receiver). */
export const NORMALISERS = new Set(["resolve", "absolute", "realpath", "abspath", "normpath", "Clean", "Abs", "normalize", "toLowerCase", "lower"])

/** The checks each name passed, per name: what one result of a predicate helper proves. */
export type ChecksByName = Map<string, Set<GuardKind>>

/**
 * What every result of a predicate helper proves: the checks of one more result (`here`) kept in
 * `common` only where both have them (`common` undefined before the first result).
 */
export const checksInCommon = (common: ChecksByName | undefined, here: ChecksByName): ChecksByName => {
  if (common === undefined) return here
  for (const [name, kinds] of common) {
    const other = here.get(name)
    if (other === undefined) common.delete(name)
    else for (const k of kinds) if (!other.has(k)) kinds.delete(k)
  }
  return common
}
