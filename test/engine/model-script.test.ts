import { describe, expect, it } from "vitest"
import type { Call, Expr, SemanticModel, Statement } from "../../src/engine/model/Model.js"
import { scriptModel } from "../../src/engine/model/script.js"
import { Deadline } from "../../src/languages/Source.js"
import { parseScript } from "../../src/languages/typescript.js"

/** The expression without the source spans of its literal entries (where each is written). */
const noSpans = (x: unknown): unknown => JSON.parse(JSON.stringify(x, (k, v: unknown) => (k === "span" ? undefined : v)))

const modelOf = (code: string, path = "agent.ts", within?: (start: number, end: number) => boolean): SemanticModel => {
  const language = /\.[cm]?jsx?$/.test(path) ? "javascript" : "typescript"
  return scriptModel(parseScript(path, code, language, Deadline.never()), language, within === undefined ? undefined : { within, names: () => false })
}

const imports = (m: SemanticModel): Record<string, string> => Object.fromEntries(m.imports.map((i) => [i.local, i.canonical]))
const callees = (m: SemanticModel): Array<string> => m.calls.map((c) => c.callee)
const callTo = (m: SemanticModel, callee: string): Call => {
  const found = m.calls.find((c) => c.callee === callee)
  if (found === undefined) throw new Error(`no call to ${callee}; calls: ${callees(m).join(", ")}`)
  return found
}
const fnNamed = (m: SemanticModel, name: string) => {
  const index = m.functions.findIndex((f) => f.name === name)
  if (index === -1) throw new Error(`no function ${name}`)
  return { index, info: m.functions[index]! }
}
const assigns = (body: ReadonlyArray<Statement>): Record<string, Expr> =>
  Object.fromEntries(body.flatMap((s) => (s.k === "assign" && s.target.path.length === 0 ? [[s.target.name, s.value]] : [])))
const guards = (body: ReadonlyArray<Statement>) => body.flatMap((s) => (s.k === "guard" ? [s] : []))
const at = (code: string, snippet: string): number => {
  const i = code.indexOf(snippet)
  if (i === -1) throw new Error(`snippet not in code: ${snippet}`)
  return i
}

describe("scriptModel: imports resolve to canonical names", () => {
  it("covers ES imports, require, destructured require and dynamic import", () => {
    const m = modelOf(`
      import OpenAI from "openai"
      import * as cp from "node:child_process"
      import { readFile as rf, writeFile } from "fs/promises"
      import express, { Router } from "express"
      import fs = require("fs")
      const path = require("node:path")
      const { exec, spawn: sp } = require("child_process")
      const run = require("util").promisify
      async function main() {
        const pg = await import("pg")
        const { default: Anthropic } = await import("@anthropic-ai/sdk")
      }
    `)
    expect(imports(m)).toEqual({
      OpenAI: "openai",
      cp: "child_process",
      rf: "fs/promises.readFile",
      writeFile: "fs/promises.writeFile",
      express: "express",
      Router: "express.Router",
      fs: "fs",
      path: "path",
      exec: "child_process.exec",
      sp: "child_process.spawn",
      run: "util.promisify",
      pg: "pg",
      Anthropic: "@anthropic-ai/sdk"
    })
  })

  it("names callees through aliases, holders, `new`, optional chaining and `this` fields", () => {
    const m = modelOf(`
      import OpenAI from "openai"
      import * as cp from "node:child_process"
      import { Pool } from "pg"
      const { spawn: sp } = require("child_process")
      const client = new OpenAI()
      cp.execSync("ls")
      sp("ls", ["-l"])
      client?.chat.completions.create({ model: "m" })
      require("child_process").exec("id")
      class Store {
        constructor() { this.pool = new Pool() }
        query(q) { return this.pool.query(q) }
      }
    `, "store.js")
    expect(callees(m)).toEqual([
      "openai", "child_process.execSync", "child_process.spawn", "openai().chat.completions.create",
      "child_process.exec", "pg.Pool", "pg.Pool().query"
    ])
    expect(callTo(m, "openai").isNew).toBe(true)
    expect(callTo(m, "child_process.spawn").isNew).toBeUndefined()
    // the call made inside `query` belongs to that method
    expect(callTo(m, "pg.Pool().query").fn).toBe(fnNamed(m, "query").index)
  })

  it("binds class fields and typed constructor parameter properties as holders", () => {
    const m = modelOf(`
      import Database from "better-sqlite3"
      import { Client } from "@modelcontextprotocol/sdk/client/index.js"
      class Repo {
        private db = new Database("app.db")
        constructor(private readonly mcp: Client) {}
        find(id: string) {
          this.mcp.callTool({ name: "x" })
          return this.db.prepare("SELECT 1").get(id)
        }
      }
    `)
    expect(callees(m)).toContain("better-sqlite3().prepare")
    expect(callees(m)).toContain("better-sqlite3().prepare().get")
    expect(callees(m)).toContain("@modelcontextprotocol/sdk/client/index.js.Client().callTool")
  })

  it("sees through promisify to the wrapped function", () => {
    const m = modelOf(`
      import { exec } from "node:child_process"
      import util from "node:util"
      const run = util.promisify(exec)
      await run(cmd)
    `)
    expect(callees(m)).toEqual(["util.promisify", "child_process.exec"])
  })

  it("keeps globals as written and reads process.env as references", () => {
    const m = modelOf(`
      const key = process.env.OPENAI_API_KEY
      const { DB_URL } = process.env
      eval(code)
      new Function("a", body)
    `)
    const a = assigns(m.module)
    expect(a.key).toEqual({ k: "ref", name: "process.env.OPENAI_API_KEY" })
    expect(a.DB_URL).toEqual({ k: "ref", name: "process.env.DB_URL" })
    expect(callees(m)).toEqual(["eval", "Function"])
  })
})

describe("scriptModel: functions, parameters and destructuring", () => {
  it("gives destructured parameters synthetic names and binds each field", () => {
    const m = modelOf(`
      const handler = async ({ query, options: { limit = 10 } }, [first, , third], ...rest) => query
    `)
    const { info } = fnNamed(m, "handler")
    expect(info.params).toEqual(["$0", "$1", "rest"])
    const a = assigns(info.body)
    expect(a.query).toEqual({ k: "attr", obj: { k: "name", name: "$0" }, name: "query" })
    expect(a.limit).toEqual({ k: "op", parts: [{ k: "attr", obj: { k: "attr", obj: { k: "name", name: "$0" }, name: "options" }, name: "limit" }, { k: "lit", value: 10 }] })
    expect(a.first).toEqual({ k: "index", obj: { k: "name", name: "$1" }, key: { k: "lit", value: 0 } })
    expect(a.third).toEqual({ k: "index", obj: { k: "name", name: "$1" }, key: { k: "lit", value: 2 } })
    // an expression body is the function's return
    expect(info.body.at(-1)).toMatchObject({ k: "return", value: { k: "name", name: "query" } })
  })

  it("destructures variable declarations and assignments to attributes and indexes", () => {
    const m = modelOf(`
      function f(obj, arr) {
        const { a, b: c, ...others } = obj
        const [x, y] = arr
        let p, q
        ;({ p, q: this.r } = obj)
        return [a, c, x, y]
      }
    `)
    const body = fnNamed(m, "f").info.body
    const a = assigns(body)
    const obj: Expr = { k: "name", name: "obj" }
    expect(a.a).toEqual({ k: "attr", obj, name: "a" })
    expect(a.c).toEqual({ k: "attr", obj, name: "b" })
    expect(a.others).toEqual(obj)
    expect(a.x).toEqual({ k: "index", obj: { k: "name", name: "arr" }, key: { k: "lit", value: 0 } })
    expect(a.y).toEqual({ k: "index", obj: { k: "name", name: "arr" }, key: { k: "lit", value: 1 } })
    expect(a.p).toEqual({ k: "attr", obj, name: "p" })
    expect(body).toContainEqual(expect.objectContaining({ k: "assign", target: { name: "this", path: ["r"] }, value: { k: "attr", obj, name: "q" } }))
  })

  it("records methods, object-literal methods and function expressions, but not getters", () => {
    const m = modelOf(`
      class Tool {
        get name() { return "t" }
        set name(v) {}
        async call(input: string): Promise<string> { return input }
      }
      const tools = { search(q) { return q }, fetch: function (u) { return u }, get size() { return 1 } }
      exports.handler = async (event) => event.body
    `)
    expect(m.functions.map((f) => f.name)).toEqual(["call", "search", "fetch", "handler"])
    expect(fnNamed(m, "call").info.paramTypes).toEqual(["string"])
    expect(fnNamed(m, "handler").info.params).toEqual(["event"])
  })

  it("resolves parameter types and decorators through imports and reads JSDoc", () => {
    const m = modelOf(`
      import express from "express"
      import { Request, Response } from "express"
      import { Tool } from "@nestjs/mcp"
      import * as mcp from "@modelcontextprotocol/sdk/types.js"
      export class Tools {
        /** Searches the index. */
        @Tool({ name: "search" })
        search(this: Tools, q: string, req: express.Request, extra?: mcp.CallToolRequest) { return q }
      }
      export function route(req: Request, res: Response, next: unknown) {}
    `)
    const search = fnNamed(m, "search").info
    expect(search.params).toEqual(["q", "req", "extra"])
    expect(search.paramTypes).toEqual(["string", "express.Request", "@modelcontextprotocol/sdk/types.js.CallToolRequest"])
    expect(search.decorators).toEqual(["@nestjs/mcp.Tool"])
    expect(search.doc).toBe("Searches the index.")
    expect(fnNamed(m, "route").info.paramTypes).toEqual(["express.Request", "express.Response", undefined])
    // the decorator's own call is recorded
    expect(callTo(m, "@nestjs/mcp.Tool").args[0]?.value.k).toBe("container")
  })

  it("nests functions: parent indexes and calls belong to the innermost function", () => {
    const m = modelOf(`
      export default function outer(x) {
        const inner = () => exec(x)
        return inner
      }
    `, "a.js")
    const outer = fnNamed(m, "outer")
    const inner = fnNamed(m, "inner")
    expect(inner.info.parent).toBe(outer.index)
    expect(callTo(m, "exec").fn).toBe(inner.index)
  })
})

describe("scriptModel: calls, arguments and callbacks", () => {
  it("exposes a single options object's fields as named arguments and keeps the container", () => {
    const code = `const r = await fetch(url, { redirect: "manual", headers: { a: "b" } })`
    const m = modelOf(code)
    const args = callTo(m, "fetch").args
    expect(args.filter((a) => a.name === undefined).map((a) => a.value.k)).toEqual(["name", "container"])
    const redirect = args.find((a) => a.name === "redirect")
    expect(redirect?.value).toEqual({ k: "lit", value: "manual" })
    expect(redirect?.span.start).toBe(at(code, `redirect: "manual"`))
    expect(args.find((a) => a.name === "headers")?.value.k).toBe("container")
  })

  it("records callbacks inline, by name (declared later) and as options fields", () => {
    const m = modelOf(`
      import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
      const server = new McpServer({ name: "s", version: "1" })
      server.tool("add", schema, async ({ a, b }) => ({ content: [a + b] }))
      server.registerTool("run", { description: "d", execute: runTool, onError(e) { log(e) } })
      app.get("/x", handler)
      function runTool(args) { return args }
      function handler(req, res) {}
    `)
    const tool = callTo(m, "@modelcontextprotocol/sdk/server/mcp.js.McpServer().tool")
    expect(tool.callbacks).toEqual([{ arg: 2, fn: m.functions.findIndex((f) => f.params[0] === "$0") }])
    const register = callTo(m, "@modelcontextprotocol/sdk/server/mcp.js.McpServer().registerTool")
    expect(register.callbacks).toEqual(expect.arrayContaining([
      { arg: 1, field: "execute", fn: fnNamed(m, "runTool").index },
      { arg: 1, field: "onError", fn: fnNamed(m, "onError").index }
    ]))
    expect(callTo(m, "app.get").callbacks).toEqual([{ arg: 1, fn: fnNamed(m, "handler").index }])
  })

  it("builds strings from template literals, `+`, join, concat and replace", () => {
    const m = modelOf(`
      function f(name, id, parts) {
        const a = \`SELECT * FROM t WHERE id = \${id} AND n = '\${name}'\`
        const b = "rm -rf " + name
        const c = [prefix, name].join("")
        const d = "ls ".concat(name)
        const e = "x".replace("x", name)
        const g = n + 1
        return sql\`SELECT \${id}\`
      }
    `)
    const a = assigns(fnNamed(m, "f").info.body)
    expect(a.a).toEqual({ k: "concat", parts: [{ k: "lit", value: "SELECT * FROM t WHERE id = " }, { k: "name", name: "id" }, { k: "lit", value: " AND n = '" }, { k: "name", name: "name" }, { k: "lit", value: "'" }] })
    expect(a.b).toEqual({ k: "concat", parts: [{ k: "lit", value: "rm -rf " }, { k: "name", name: "name" }] })
    expect(a.c?.k).toBe("concat")
    // a list literal joined: its lines with the separator between them, then the call
    expect(noSpans(a.c?.k === "concat" && a.c.parts.slice(0, 3))).toEqual([{ k: "name", name: "prefix" }, { k: "lit", value: "" }, { k: "name", name: "name" }])
    expect(a.d?.k === "concat" && a.d.parts.slice(0, 2)).toEqual([{ k: "lit", value: "ls " }, { k: "name", name: "name" }])
    expect(a.e?.k).toBe("concat")
    expect(a.g?.k).toBe("op")
    // a tagged template is a call of the tag with the literal parts, then each substitution
    const tagged = callTo(m, "sql")
    expect(tagged.args.map((x) => x.value)).toEqual([{ k: "container", entries: [{ value: { k: "lit", value: "SELECT " } }, { value: { k: "lit", value: "" } }] }, { k: "name", name: "id" }])
  })

  it("iterates for-of targets, including destructured entries", () => {
    const m = modelOf(`
      for (const file of files) read(file)
      for (const [k, v] of Object.entries(env)) set(k, v)
    `)
    const iterates = m.module.flatMap((s) => (s.k === "iterate" ? [[s.target.name, s.value.k]] : []))
    expect(iterates).toEqual([["file", "name"], ["k", "call"], ["v", "call"]])
    expect(callees(m)).toEqual(["read", "Object.entries", "set"])
  })
})

describe("scriptModel: guards", () => {
  it("an exiting allow-list check holds for the rest of the block", () => {
    const code = `
      function run(cmd) {
        if (!ALLOWED.includes(cmd)) {
          console.warn("refused", cmd)
          throw new Error("not allowed")
        }
        exec(cmd)
      }
      exec(cmd)
    `
    const m = modelOf(code)
    const g = guards(fnNamed(m, "run").info.body)
    expect(g).toHaveLength(1)
    expect(g[0]).toMatchObject({ kind: "allowlist", name: "cmd" })
    expect(g[0]!.scope.start).toBeLessThan(at(code, "exec(cmd)"))
    // the scope ends with the function body, before the module-level exec
    expect(g[0]!.scope.end).toBeLessThan(code.lastIndexOf("exec(cmd)"))
    expect(g[0]!.scope.end).toBeGreaterThan(at(code, "exec(cmd)"))
  })

  it("a positive check holds only in its branch; a failed check proves nothing", () => {
    const code = `
      function f(x, y) {
        if (ALLOWED.has(x)) { run(x) }
        if (!SAFE.has(y)) { run(y) }
      }
    `
    const g = guards(fnNamed(modelOf(code), "f").info.body)
    expect(g).toHaveLength(1)
    expect(g[0]).toMatchObject({ kind: "allowlist", name: "x" })
    expect(g[0]!.scope.start).toBe(at(code, "{ run(x) }"))
  })

  it("finds containment, host, literal and validation checks", () => {
    const m = modelOf(`
      function read(base, name, u, mode, n, id, port, s) {
        const resolved = path.resolve(base, name)
        if (!resolved.startsWith(base + path.sep)) throw new Error("outside")
        if (new URL(u).hostname !== "api.example.com") return null
        if (mode !== "fast" && mode !== "slow") return
        if (!/^[a-z0-9]+$/.test(id)) return
        if (/[a-z]/.test(s)) {}
        if (!Number.isInteger(n)) throw new TypeError("n")
        if (typeof port !== "number") { res.status(400).send("bad"); return }
        return fs.readFileSync(resolved)
      }
    `)
    const g = guards(fnNamed(m, "read").info.body).map((x) => [x.kind, x.name])
    expect(g).toEqual([
      ["contained", "resolved"],
      ["host_allowlist", "u"],
      // leaving unless mode is "fast" or "slow": every way through checks it against a literal
      ["allowlist", "mode"],
      ["validated", "id"],
      ["validated", "n"],
      ["validated", "port"]
    ])
  })

  it("records declared types: parameters, interfaces, aliases, classes, and a tool's zod schema as its input's type", () => {
    const m = modelOf(`
      import { z } from "zod/v4"
      import type { Action } from "openai"
      interface Options { execute: (a: Action) => void; name: string; limit: number }
      type Mode = "a" | "b"
      type Id = string
      class Job {}
      function f(a: Action, o: Options, m: Mode, id: Id, n: number, s: string, t, xs: string[], u: Job | undefined, v: string | null) {}
      const Schema = z.object({ action: z.union([z.object({ x: z.number() }), z.object({ y: z.number() })]), text: z.string() })
      tool(async (input) => input, { schema: Schema })
    `)
    const { info } = fnNamed(m, "f")
    expect(info.paramShapes).toEqual([
      { k: "named", name: "Action", imported: true },
      { k: "named", name: "Options", imported: false },
      { k: "named", name: "Mode", imported: false },
      { k: "named", name: "Id", imported: false },
      { k: "data" },
      { k: "text" },
      undefined,
      { k: "data" },
      { k: "union", of: [{ k: "named", name: "Job", imported: false }, { k: "data" }] },
      { k: "union", of: [{ k: "text" }, { k: "data" }] }
    ])
    expect(m.types?.get("Options")).toEqual({ k: "data", fields: new Map([["execute", { k: "data" }], ["name", { k: "text" }], ["limit", { k: "data" }]]) })
    expect(m.types?.get("Mode")).toEqual({ k: "union", of: [{ k: "text" }, { k: "text" }] })
    expect(m.types?.get("Id")).toEqual({ k: "text" })
    expect(m.types?.get("Job")).toEqual({ k: "data" })
    const handler = m.functions.find((x) => x.name === "<anonymous>")!
    expect(handler.paramShapes?.[0]).toEqual({
      k: "data",
      fields: new Map<string, unknown>([
        ["action", { k: "union", of: [{ k: "data", fields: new Map([["x", { k: "data" }]]) }, { k: "data", fields: new Map([["y", { k: "data" }]]) }] }],
        ["text", { k: "text" }]
      ])
    })
  })

  it("judges a regex held by a const like a literal: test, exec and match, module or function level", () => {
    const m = modelOf(`
      const NAME = /^[a-z0-9_-]+$/
      const LOOSE = /foo/
      function read(a, b, c, d, e, f, g, h, RE) {
        const ID = new RegExp("^[0-9a-f]{8}$", "i")
        const LINES = /^[a-z]+$/m
        if (!NAME.test(a)) throw new Error("a")
        if (!LOOSE.test(b)) throw new Error("b")
        if (ID.exec(c) === null) throw new Error("c")
        if (!d.match(NAME)) throw new Error("d")
        if (e.match(/.*/) == null) throw new Error("e")
        if (!LINES.test(f)) throw new Error("f")
        if (!exec(g)) throw new Error("g")
        if (!RE.test(h)) throw new Error("h")
      }
    `)
    const g = guards(fnNamed(m, "read").info.body).map((x) => [x.kind, x.name])
    // LOOSE, /.*/ and the multi-line LINES validate nothing; RE is a parameter, whose pattern the file does not show
    expect(g).toEqual([
      ["validated", "a"],
      ["validated", "c"],
      ["validated", "d"],
      ["validated", "h"]
    ])
  })

  it("an else branch holds the failure; an exiting else makes the check hold after the if", () => {
    const code = `
      function f(x, y) {
        if (!HOSTS.has(x)) { warn(x) } else { go(x) }
        if (MODES.includes(y)) { go(y) } else { throw new Error("mode") }
        go(y)
      }
    `
    const g = guards(fnNamed(modelOf(code), "f").info.body)
    expect(g.map((x) => [x.name, x.scope.start])).toEqual([
      ["x", at(code, "{ go(x) }")],
      ["y", at(code, "{ go(y) }")],
      ["y", at(code, "\n        go(y)")]
    ])
  })

  it("a literal comparison whose failure exits is an allow-list; a non-exiting branch is not", () => {
    const m = modelOf(`
      function f(kind, other, third) {
        if (kind !== "read") return res.status(403).json({ error: "no" })
        if (other !== "x") { doSomething() }
        if (third !== "y") { metrics.increment("denied"); await audit(third); return }
      }
    `)
    // calls made before the exit (a metric, an awaited audit) still leave the branch, as in Go's model
    expect(guards(fnNamed(m, "f").info.body).map((x) => [x.kind, x.name])).toEqual([
      ["allowlist", "kind"],
      ["allowlist", "third"]
    ])
  })
})

describe("scriptModel: interest", () => {
  it("models only the functions that mention a name some rule needs, and the functions that call them", () => {
    const code = `
      function unrelated(a) { return log(a) }
      function runs({ cmd }) { return exec(cmd) }
      const caller = (x) => runs({ cmd: x })
      const callersCaller = (y) => caller(y)
      main()
    `
    const m = modelOf(code, "a.js", (start, end) => code.slice(start, end).includes("exec"))
    expect(fnNamed(m, "unrelated").info.params).toEqual(["a"])
    expect(fnNamed(m, "unrelated").info.body).toEqual([])
    expect(fnNamed(m, "runs").info.body.map((s) => s.k)).toEqual(["assign", "return"])
    expect(fnNamed(m, "caller").info.body.map((s) => s.k)).toEqual(["return"])
    expect(fnNamed(m, "callersCaller").info.body.map((s) => s.k)).toEqual(["return"])
    expect(callees(m).sort()).toEqual(["caller", "exec", "main", "runs"])
  })
})

describe("scriptModel: TypeScript syntax and constants", () => {
  it("reads through `as`, `!`, `satisfies` and generics, and skips types and enums", () => {
    const m = modelOf(`
      import { execSync } from "child_process"
      enum Mode { A = "a", B = compute() }
      interface Args { cmd: string }
      type T = { x: number }
      declare function overload(a: string): void
      abstract class Base { abstract run(x: string): void }
      namespace NS { export const inner = execSync("id") }
      export function run(args: Args) {
        const cmd = (args as Args).cmd!
        const opts = { shell: true } satisfies Record<string, unknown>
        return execSync<string>(cmd, opts as any)
      }
    `)
    expect(m.functions.map((f) => f.name)).toEqual(["run"])
    const a = assigns(fnNamed(m, "run").info.body)
    expect(a.cmd).toEqual({ k: "attr", obj: { k: "name", name: "args" }, name: "cmd" })
    const exec = m.calls.at(-1)!
    expect(exec.fn).toBe(fnNamed(m, "run").index)
    expect(exec.args.map((x) => x.value)).toEqual([{ k: "name", name: "cmd" }, { k: "name", name: "opts" }])
    expect(callees(m)).toEqual(["child_process.execSync", "child_process.execSync"])
  })

  it("puts module-level constants (and only constants) into `constants`", () => {
    const m = modelOf(`
      export const MODEL = "gpt-4o"
      const PROMPT = \`You are \${MODEL}\`
      const HOSTS = ["a.com", "b.com"]
      const client = new OpenAI()
      let counter = 0
      function f() { const local = "x" }
    `)
    expect([...m.constants.keys()]).toEqual(["MODEL", "PROMPT", "HOSTS"])
    expect(m.constants.get("MODEL")).toEqual({ k: "lit", value: "gpt-4o" })
    expect(m.module.map((s) => (s.k === "assign" ? s.target.name : s.k))).toEqual(["MODEL", "PROMPT", "HOSTS", "client", "counter"])
  })

  it("walks JSX without losing the calls and handlers inside it", () => {
    const m = modelOf(`
      export function View({ html }) {
        return <div onClick={() => track("click")} dangerouslySetInnerHTML={{ __html: render(html) }} />
      }
    `, "view.jsx")
    expect(m.language).toBe("javascript")
    expect(callees(m)).toEqual(["track", "render"])
    expect(m.functions.map((f) => f.name)).toEqual(["View", "<anonymous>"])
  })
})

describe("scriptModel: methods of classes extending an imported base", () => {
  it("records <Base>.<method> for methods and arrow-function properties, not for local bases or implements", () => {
    const m = modelOf(`
      import { StructuredTool as Base, Tool } from "@langchain/core/tools"
      class Refund extends Base { async _call(input) { return input } }
      class Purge extends Tool { _call = async (path) => path }
      class Local { _call(x) { return x } }
      class Plain implements Base { _call(x) { return x } }
    `)
    const methods = m.functions.filter((f) => f.name === "_call").map((f) => f.methodOf)
    expect(methods).toEqual([["@langchain/core/tools.StructuredTool._call"], ["@langchain/core/tools.Tool._call"], undefined, undefined])
  })
})
