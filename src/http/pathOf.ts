/**
 * The path of a request target without its query. Not `new URL(target, base)`: a target such as `//`
 * or `//host/x` is protocol-relative there, throws or yields another host's path.
 */
export const pathOf = (target: string): string => {
  const q = target.indexOf("?")
  const h = target.indexOf("#")
  const end = q === -1 ? (h === -1 ? target.length : h) : h === -1 ? q : Math.min(q, h)
  const path = target.slice(0, end)
  return path.startsWith("/") ? path : `/${path}`
}
