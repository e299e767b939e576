import { describe, expect, it } from "vitest"
import { readBuilderExport } from "../src/builders/index.js"
import type { LoadedRule } from "../src/catalogue/Catalogue.js"
import type { JsonPathMatcher } from "../src/domain/Rule.js"
import { compileJsonPath, JsonPathCompileError } from "../src/engine/matchers/jsonpath.js"
import { fastTokens, selectGiven } from "../src/engine/matchers/jsonpathSelect.js"
import { Deadline, DeadlineExceeded, SourceDoc } from "../src/languages/Source.js"
import { parseStructured, type StructuredDocument } from "../src/languages/structured.js"

type Then = JsonPathMatcher["then"]

function entry(id: string, given: ReadonlyArray<string>, then: Then, target: JsonPathMatcher["target"] = "flowise", matcherIndex = 0) {
  const matcher: JsonPathMatcher = { kind: "jsonpath", target, given, then }
  const rule = { id, title: id, matchers: [matcher], cvssScore: 0, dir: "", version: "" } as unknown as LoadedRule
  return { rule, matcherIndex, matcher }
}

function load(text: string, format: "json" | "yaml" = "json"): { doc: StructuredDocument; source: SourceDoc } {
  const source = new SourceDoc(`f.${format}`, text)
  const r = parseStructured(source, format, Deadline.never())
  if (!r.ok) throw new Error(r.reason)
  return { doc: r.documents[0]!, source }
}

const flow = JSON.stringify(
  {
    nodes: [
      { id: "toolAgent_0", data: { id: "toolAgent_0", label: "Tool Agent", name: "toolAgent", category: "Agents", inputs: { maxIterations: "" } } },
      { id: "toolAgent_1", data: { id: "toolAgent_1", label: "Bounded", name: "toolAgent", category: "Agents", inputs: { maxIterations: "5" } } },
      { id: "conversationalAgent_0", data: { id: "conversationalAgent_0", label: "Chat Agent", name: "conversationalAgent", category: "Agents", inputs: {} } },
      { id: "chatOpenAI_0", data: { id: "chatOpenAI_0", label: "LLM", name: "chatOpenAI", category: "Chat Models", inputs: { openAIApiKey: "sk-proj-abcdef0123456789", temperature: 0.9 } } }
    ],
    edges: []
  },
  null,
  2
)

const agentWithoutLimit = entry("infinite_loop", ["$.nodes[*].data"], [
  { field: "category", function: "pattern", pattern: "^Agents$" },
  { field: "inputs.maxIterations", function: "falsy" }
])

describe("jsonpath matcher", () => {
  it("reports values where every check holds, at the checked value or the narrowed given value", () => {
    const { doc, source } = load(flow)
    const matches = compileJsonPath([agentWithoutLimit]).run(doc, source, Deadline.never())
    expect(matches).toHaveLength(2)
    const [empty, absent] = matches
    expect(empty).toMatchObject({ ruleId: "infinite_loop", matcherIndex: 0, text: '""' })
    expect(source.position(empty!.start).line).toBe(flow.split("\n").findIndex((l) => l.includes('"maxIterations": ""')) + 1)
    // the field is absent: the finding points at the selected object, narrowed to its id
    expect(absent!.text).toBe('"conversationalAgent_0"')
    expect(absent!.detail).toBe("at $.nodes[2].data")
  })

  it("names the node when given the builder graph", () => {
    const { doc, source } = load(flow)
    const graph = readBuilderExport(doc)!
    const matches = compileJsonPath([agentWithoutLimit]).run(doc, source, Deadline.never(), graph)
    expect(matches[0]!.detail).toBe('in node "Tool Agent" (toolAgent_0) at $.nodes[0].data.inputs.maxIterations')
  })

  it("implements truthy, defined, undefined and not_pattern", () => {
    const { doc, source } = load(flow)
    const run = (then: Then) =>
      compileJsonPath([entry("r", ["$.nodes[*].data"], then)])
        .run(doc, source, Deadline.never())
        .map((m) => m.text)
    expect(run([{ field: "inputs.maxIterations", function: "truthy" }])).toEqual(['"5"'])
    expect(run([{ field: "inputs.maxIterations", function: "defined" }])).toEqual(['""', '"5"'])
    expect(run([{ field: "inputs.maxIterations", function: "undefined" }])).toEqual(['"conversationalAgent_0"', '"chatOpenAI_0"'])
    expect(run([{ field: "inputs.temperature", function: "not_pattern", pattern: "^0\\.[0-5]" }])).toEqual(["0.9"])
    expect(run([{ field: "name", function: "pattern", pattern: "(?i)^TOOLAGENT$" }])).toEqual(['"toolAgent"', '"toolAgent"'])
  })

  it("implements null: a key present with no value, not an absent, empty or zero one", () => {
    const { doc, source } = load("a:\n  max_iterations:\nb:\n  max_iterations: ~\nc:\n  max_iterations: 0\nd:\n  max_iterations: ''\ne:\n  other: 1\n", "yaml")
    const found = compileJsonPath([entry("r", ["$.*"], [{ field: "max_iterations", function: "null" }], "yaml")])
      .run(doc, source, Deadline.never())
      .map((m) => m.detail)
    expect(found).toEqual(["at $.a.max_iterations", "at $.b.max_iterations"])
  })

  it("marks a named `secret` group as a credential", () => {
    const { doc, source } = load(flow)
    const rule = entry("hardcoded_credentials", ["$.nodes[*].data.inputs"], [
      { field: "openAIApiKey", function: "pattern", pattern: "^(?<secret>sk-[A-Za-z0-9-]{16,})$" }
    ])
    const [m] = compileJsonPath([rule]).run(doc, source, Deadline.never())
    expect(m).toMatchObject({ text: '"sk-proj-abcdef0123456789"', secret: "sk-proj-abcdef0123456789" })
  })

  it("narrows a finding to the text a named `at` group matched inside the value", () => {
    const { doc, source } = load("agent:\n  instructions: |\n    Be brief.\n    The user says: {user_message}\n", "yaml")
    const placeholder = "(?<at>\\{user_message\\})"
    const [m] = compileJsonPath([entry("p", ["$..instructions"], [{ function: "pattern", pattern: placeholder }], "yaml")]).run(doc, source, Deadline.never())
    expect(m).toMatchObject({ text: "{user_message}" })
    expect(source.text.slice(0, m!.start).split("\n").length).toBe(4)
    // written differently in the file (a JSON escape): the whole value
    const json = load(JSON.stringify({ instructions: "Say \"hi\" to {user_message}" }))
    const quoted = "(?<at>\"hi\" to \\{user_message\\})"
    const [w] = compileJsonPath([entry("p", ["$..instructions"], [{ function: "pattern", pattern: quoted }], "json")]).run(json.doc, json.source, Deadline.never())
    expect(w!.text).toBe(JSON.stringify("Say \"hi\" to {user_message}"))
  })

  it("reads a list of scalars as one text with join_lines, pointing at the element the `at` group matched", () => {
    const text = '{"s": {"command": "docker", "args": [\n  "run",\n  "-v", "mcp/fetch:/data",\n  "mcp/fetch"\n]}}'
    const { doc, source } = load(text)
    const image = "^run\\n(?:-v\\n[^\\n]*\\n)*(?<at>[\\w/]+)$"
    const check = entry("img", ["$.s"], [{ field: "args", join_lines: true, function: "pattern", pattern: image }], "json")
    const [m] = compileJsonPath([check]).run(doc, source, Deadline.never())
    // the fourth element, not the first place its text occurs (inside the volume's value)
    expect(m).toMatchObject({ text: '"mcp/fetch"', jsonPath: "$.s.args[3]" })
    expect(source.position(m!.start).line).toBe(4)
    // without join_lines a list is no text: pattern does not hold, and neither does not_pattern
    expect(compileJsonPath([entry("img", ["$.s"], [{ field: "args", function: "pattern", pattern: "run" }], "json")]).run(doc, source, Deadline.never())).toEqual([])
    expect(compileJsonPath([entry("img", ["$.s"], [{ field: "args", join_lines: true, function: "not_pattern", pattern: "^run\\n-v\\n" }], "json")]).run(doc, source, Deadline.never())).toEqual([])
    expect(() => compileJsonPath([entry("r", ["$"], [{ function: "truthy", join_lines: true }])])).toThrow(/join_lines is only used by/)
  })

  it("checks keys with @key and supports recursive descent and bracket names", () => {
    const { doc, source } = load(flow)
    const keys = compileJsonPath([entry("k", ["$.nodes[3].data.inputs.*"], [{ field: "@key", function: "pattern", pattern: "ApiKey$" }])])
    expect(keys.run(doc, source, Deadline.never()).map((m) => m.text)).toEqual(['"openAIApiKey"'])
    const deep = compileJsonPath([entry("d", ["$..maxIterations"], [{ function: "falsy" }])])
    expect(deep.run(doc, source, Deadline.never()).map((m) => m.text)).toEqual(['""'])
    const bracket = compileJsonPath([entry("b", ["$['nodes'][0:2]['data']['inputs']"], [{ field: "maxIterations", function: "defined" }])])
    expect(bracket.run(doc, source, Deadline.never())).toHaveLength(2)
  })

  it("reads a field from the document's root ($.) or from above the given value (^.), pointing at it", () => {
    const yaml = "permissions: write-all\njobs:\n  a:\n    steps:\n      - uses: agent@v1\n  b:\n    permissions: read-all\n    steps:\n      - uses: agent@v1\n"
    const { doc, source } = load(yaml, "yaml")
    const run = (then: Then) => compileJsonPath([entry("p", ["$.jobs.*.steps[*]"], then, "yaml")]).run(doc, source, Deadline.never())
    const inherited = run([
      { field: "^.^.permissions", function: "undefined" },
      { field: "$.permissions", function: "pattern", pattern: "^write-all$" }
    ])
    expect(inherited.map((m) => [source.position(m.start).line, m.jsonPath])).toEqual([[1, "$.permissions"]])
    const own = run([{ field: "^.^.permissions", function: "pattern", pattern: "^read-all$" }])
    expect(own.map((m) => [source.position(m.start).line, m.jsonPath])).toEqual([[7, "$.jobs.b.permissions"]])
    // above the root there is nothing
    expect(run([{ field: "^.^.^.^.^.^.permissions", function: "defined" }])).toEqual([])
    const bad = (field: string) => () => compileJsonPath([entry("bad_field", ["$"], [{ field, function: "truthy" }])])
    for (const field of ["$", "^", "^.", "a.^.b", "a.$", "$..a"]) expect(bad(field)).toThrow(/bad_field.*invalid field/)
  })

  it("works on YAML documents, pointing into block and quoted scalars", () => {
    const yaml = "workflow:\n  graph:\n    nodes:\n      - id: '1'\n        data:\n          type: code\n          code: |\n            import subprocess\n            subprocess.run(x, shell=True)\n"
    const { doc, source } = load(yaml, "yaml")
    const rule = entry("code_execution", ["$.workflow.graph.nodes[*].data"], [
      { field: "type", function: "pattern", pattern: "^code$" },
      { field: "code", function: "pattern", pattern: "shell=True" }
    ], "dify")
    const [m] = compileJsonPath([rule]).run(doc, source, Deadline.never())
    expect(source.position(m!.start).line).toBe(7)
    expect(m!.text.startsWith("|")).toBe(true)
  })

  it("reports a value reached by two givens of one rule once, and serves two rules from one given", () => {
    const { doc, source } = load(flow)
    const twice = entry("r1", ["$.nodes[0].data", "$.nodes[*].data"], [{ field: "inputs.maxIterations", function: "defined" }])
    const other = entry("r2", ["$.nodes[*].data"], [{ field: "inputs.openAIApiKey", function: "truthy" }])
    const matches = compileJsonPath([twice, other]).run(doc, source, Deadline.never())
    expect(matches.map((m) => m.ruleId).sort()).toEqual(["r1", "r1", "r2"])
  })

  it("returns nothing for scalar documents and throws DeadlineExceeded past the deadline", () => {
    const scalar = load("42")
    expect(compileJsonPath([agentWithoutLimit]).run(scalar.doc, scalar.source, Deadline.never())).toEqual([])
    const { doc, source } = load(flow)
    expect(() => compileJsonPath([agentWithoutLimit]).run(doc, source, new Deadline(0))).toThrow(DeadlineExceeded)
  })

  it("rejects bad rule definitions at compile time, naming the rule and the path", () => {
    const bad = (given: string) => () => compileJsonPath([entry("bad_rule", [given], [{ function: "truthy" }])])
    expect(bad("$.nodes[")).toThrow(/bad_rule.*"\$\.nodes\[".*unclosed/)
    expect(bad("$.nodes[?(@.type=='x')]")).toThrow(/filter and script expressions are disabled/)
    expect(bad("$.nodes[(@.length-1)]")).toThrow(JsonPathCompileError)
    expect(bad("nodes[*]")).toThrow(/must start with \$/)
    expect(bad("$.nodes.*~")).toThrow(JsonPathCompileError)
    expect(bad("$.a b")).toThrow(JsonPathCompileError)
    expect(() => compileJsonPath([entry("r", ["$"], [{ function: "pattern", pattern: "(" }])])).toThrow(/invalid regex/)
    expect(() => compileJsonPath([entry("r", ["$"], [{ function: "pattern" }])])).toThrow(/needs a pattern/)
    expect(() => compileJsonPath([entry("r", ["$"], [{ function: "truthy", pattern: "x" }])])).toThrow(/only used by/)
  })

  it("selects what jsonpath-plus selects, in its order and with its paths, for the paths it evaluates itself", () => {
    const docs: Array<object> = [
      JSON.parse(flow),
      // members literally named `*`, `..`, `~`, `^`, `@x()`; nulls, strings, nested arrays
      { "*": { a: 1, "*": { x: 2 } }, b: [1, [2, { "*": 3, "..": { id: 4 } }]], "..": { id: 5, "*": 6 }, "~": { id: 7 }, "^": [{ id: 8 }], "@x()": { id: 9 }, n: null, s: "str", id: "root" },
      [[{ id: 1 }, null, "x"], { a: { "*": { "..": 1 } } }],
      { a: { b: { a: { b: { c: 1 } } } }, c: [{ c: [{ c: 2 }] }] }
    ]
    const givens = [
      "$", "$.*", "$.*.*", "$..*", "$..*.*", "$..id", "$.*..id", "$.b..id", "$.a..b", "$..a..b", "$..c[*].c", "$.b[*][*]",
      "$.nodes[*].data", "$.nodes[*].data.inputs.*", "$..data.inputs.*.*", "$..template.*", "$.s.*", "$..s", "$['nodes'][*].id"
    ]
    for (const given of givens) {
      expect(fastTokens(given), given).toBeDefined()
      for (const doc of docs) expect(selectGiven(given, doc), `${given} on ${JSON.stringify(doc).slice(0, 40)}`).toEqual(selectGiven(given, doc, true))
    }
    // left to jsonpath-plus: indices, slices, unions, quoted names with dots, `length`
    for (const given of ["$.nodes[0]", "$.nodes[1:]", "$['a','b']", "$['a.b']", "$..length"]) expect(fastTokens(given), given).toBeUndefined()
  })
})
