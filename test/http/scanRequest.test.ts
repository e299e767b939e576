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

  it("decodes with the declared schema and words its first issue as one sentence", () => {
    const message = (body: unknown) => Either.match(validateScanRequest(body, limits), { onLeft: (m) => m, onRight: () => "valid" })
    expect(message({})).toBe("files is required: an array of {path, content} entries.")
    expect(message({ files: "a.py" })).toBe("files must be an array of {path, content} entries, not a string.")
    expect(message([1, 2])).toBe("The request body must be a JSON object, not an array.")
    expect(message({ files: [] })).toBe("files must not be empty.")
    expect(message({ files: ["a.py"] })).toBe("files[0] must be an object with path and content, not a string.")
    expect(message({ files: [file(" ")] })).toBe("files[0].path must not be empty.")
    expect(message({ files: [file("a\u0000b")] })).toBe("files[0].path must not contain NUL characters.")
    expect(message({ files: [file("x".repeat(4097))] })).toBe("files[0].path is longer than 4096 characters.")
    expect(message({ files: [file("a"), { path: "b" }] })).toBe("files[1].content is required (\"b\").")
    expect(message({ files: [{ path: "a.py", content: 42 }] })).toBe("files[0].content must be a string, not a number (\"a.py\").")
    expect(message({ files: [file("a")], output: "xml" })).toBe("Unknown output \"xml\"; use one of: summary, detailed, sarif.")
    expect(message({ files: [file("a")], agent_name: " " })).toBe("agent_name must not be empty.")
    expect(message({ files: [file("a")], agent_name: 5 })).toBe("agent_name must be a string, not a number.")
    expect(message({ files: [file("a")], agent_name: "x".repeat(201) })).toBe("agent_name must be at most 200 characters.")
    expect(message({ files: [file("a")], agent_name: "bot\u0007" })).toBe("agent_name must not contain control characters.")
  })

  it("treats null as absent, trims the agent name and ignores unknown fields", () => {
    const valid = Either.getOrThrow(validateScanRequest({ files: [file("a.py")], policy: null, output: null, agent_name: "  bot ", extra: 1 }, limits))
    expect(valid).toEqual({ files: [file("a.py")], policy: "balanced", output: "summary", agentName: "bot" })
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
