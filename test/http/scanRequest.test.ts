import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { matchRoute } from "../../src/http/RouteTable.js"
import { agentNameFor, validateScanRequest } from "../../src/http/scanRequest.js"

const limits = { maxFiles: 3, maxFileBytes: 10 }
const file = (path: string, content = "x") => ({ path, content })

describe("validateScanRequest", () => {
  it("applies the defaults and keeps the files", () => {
    const valid = Either.getOrThrow(validateScanRequest({ files: [file("a.py")], policy: null }, limits))
    expect(valid).toEqual({ files: [file("a.py")], policy: "balanced", output: "summary", agentName: undefined })
  })

  it("gives each problem its own message", () => {
    const message = (body: unknown) => Either.match(validateScanRequest(body, limits), { onLeft: (m) => m, onRight: () => "valid" })
    expect(message({})).toContain("files is required")
    expect(message({ files: [] })).toContain("must not be empty")
    expect(message({ files: [file("a"), file("b"), file("c"), file("d")] })).toContain("at most 3")
    expect(message({ files: [{ content: "x" }] })).toContain("files[0].path is required")
    expect(message({ files: [file("a"), { path: "b" }] })).toContain("files[1].content is required")
    expect(message({ files: [file("a")], policy: "strict" })).toContain("Unknown policy \"strict\"")
    expect(message({ files: [file("a")], output: 3 })).toContain("Unknown output a number")
    expect(message({ files: [file("big.py", "é".repeat(6))] })).toContain("big.py")
    expect(message({ files: [file("ok.py", "x".repeat(10))] })).toBe("valid")
  })
})

describe("agentNameFor", () => {
  const name = (paths: ReadonlyArray<string>, agentName?: string) =>
    agentNameFor({ files: paths.map((p) => file(p)), agentName })

  it("prefers the explicit name, then the shared first directory, then default", () => {
    expect(name(["x/a.py"], "bot")).toBe("bot")
    expect(name(["crm/a.py", "./crm/b/c.py", "crm\\\\d.py"])).toBe("crm")
    expect(name(["crm/a.py", "erp/b.py"])).toBe("default")
    expect(name(["a.py"])).toBe("default")
    expect(name(["../up/a.py"])).toBe("default")
  })
})

describe("matchRoute", () => {
  it("tells an unknown path from a wrong method", () => {
    expect(matchRoute("POST", "/v1/scan")).toEqual({ route: "/v1/scan", allowed: ["POST"] })
    expect(matchRoute("GET", "/v1/orgs/acme/keys").route).toBe("/v1/orgs/:org_id/keys")
    expect(matchRoute("PUT", "/v1/orgs/acme/keys").allowed).toEqual(expect.arrayContaining(["GET", "POST"]))
    expect(matchRoute("GET", "/v2/scan")).toEqual({ route: undefined, allowed: [] })
  })
})
