import * as HttpApi from "@effect/platform/HttpApi"
import { OPENAPI_PATH, VigilApi } from "./api/Api.js"

/**
 * The routes of the API as (method, pattern) pairs, derived from the definition. The router only
 * says "not found"; this table tells a wrong method (405 with Allow) from an unknown path (404) and
 * gives request logs the route pattern instead of a path full of ids.
 */

interface RouteEntry {
  readonly method: string
  readonly pattern: string
  readonly regex: RegExp
}

const compile = (pattern: string): RegExp =>
  new RegExp(
    "^" +
      pattern
        .split("/")
        .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
        .join("/") +
      "$"
  )

const collect = (): ReadonlyArray<RouteEntry> => {
  const entries: Array<RouteEntry> = [{ method: "GET", pattern: OPENAPI_PATH, regex: compile(OPENAPI_PATH) }]
  HttpApi.reflect(VigilApi, {
    onGroup: () => {},
    onEndpoint: ({ endpoint }) => {
      entries.push({ method: endpoint.method, pattern: endpoint.path, regex: compile(endpoint.path) })
    }
  })
  return entries
}

const ROUTES = collect()

export interface RouteMatch {
  /** the pattern of the route serving this method and path, if any */
  readonly route: string | undefined
  /** methods the path accepts (empty: unknown path) */
  readonly allowed: ReadonlyArray<string>
}

export const matchRoute = (method: string, pathname: string): RouteMatch => {
  const matching = ROUTES.filter((r) => r.regex.test(pathname))
  const exact = matching.find((r) => r.method === method.toUpperCase())
  return {
    route: exact?.pattern ?? matching[0]?.pattern,
    allowed: [...new Set(matching.map((r) => r.method))]
  }
}
