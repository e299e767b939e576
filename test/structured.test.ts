import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { Scalar, stringify } from "yaml"
import { Deadline, DeadlineExceeded, SourceDoc } from "../src/languages/Source.js"
import { parseStructured, type StructuredDocument, type StructuredPath } from "../src/languages/structured.js"

const parse = (text: string, format: "json" | "yaml") => parseStructured(new SourceDoc(`f.${format}`, text), format, Deadline.never())

function only(text: string, format: "json" | "yaml"): StructuredDocument {
  const r = parse(text, format)
  if (!r.ok) throw new Error(`expected a parse, got: ${r.reason}`)
  expect(r.documents).toHaveLength(1)
  return r.documents[0]!
}

function reason(text: string, format: "json" | "yaml"): string {
  const r = parse(text, format)
  if (r.ok) throw new Error("expected a failure")
  return r.reason
}

const slice = (text: string, span: { start: number; end: number } | undefined) =>
  span === undefined ? undefined : text.slice(span.start, span.end)

/** every value in a JSON value with its path (test inputs are shallow) */
function allValues(value: unknown, path: Array<string | number> = []): Array<[StructuredPath, unknown]> {
  const out: Array<[StructuredPath, unknown]> = [[path, value]]
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...allValues(v, [...path, i])))
  else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) out.push(...allValues(v, [...path, k]))
  }
  return out
}

describe("JSON positions", () => {
  const text = `{
  "nodes": [
    { "id": "a", "data": { "inputs": { "maxIterations": 5, "empty": "" } } },
    { "id": "b", "tags": [true, null, -1.5e3] }
  ],
  "name": "flow"
}`

  it("locates nested values, keys and array items", () => {
    const doc = only(text, "json")
    expect(slice(text, doc.locate(["nodes", 0, "data", "inputs", "maxIterations"]))).toBe("5")
    expect(slice(text, doc.locate(["nodes", "1", "tags", 2]))).toBe("-1.5e3")
    expect(slice(text, doc.locate(["nodes", 1, "tags", 1]))).toBe("null")
    expect(slice(text, doc.locate(["nodes", 0, "data", "inputs", "empty"]))).toBe('""')
    expect(slice(text, doc.locateKey(["nodes", 0, "data"]))).toBe('"data"')
    expect(slice(text, doc.locate(["nodes", 1]))).toBe('{ "id": "b", "tags": [true, null, -1.5e3] }')
    expect(doc.locate(["nodes", 2])).toBeUndefined()
    expect(doc.locate(["nodes", 0, "id", "x"])).toBeUndefined()
    expect(doc.locate(["missing"])).toBeUndefined()
    expect(slice(text, doc.span)).toBe(text)
    const line = new SourceDoc("f.json", text).position(doc.locate(["nodes", 1, "id"])!.start).line
    expect(line).toBe(4)
  })

  it("finds members of large objects and arrays through the lookup tables", () => {
    const big = { items: Array.from({ length: 50 }, (_, i) => ({ [`k${i}`]: i })) }
    const t = JSON.stringify(big, null, 1)
    const doc = only(t, "json")
    for (let i = 0; i < 50; i += 7) expect(slice(t, doc.locate(["items", i, `k${i}`]))).toBe(String(i))
    const wide = JSON.stringify(Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`key${i}`, i])))
    const w = only(wide, "json")
    expect(slice(wide, w.locate(["key33"]))).toBe("33")
    expect(slice(wide, w.locate(["key5"]))).toBe("5")
  })

  it("keeps the last duplicate key, as JSON.parse does", () => {
    const t = '{"a": 1, "a": 2}'
    const doc = only(t, "json")
    expect(doc.value).toEqual({ a: 2 })
    expect(slice(t, doc.locate(["a"]))).toBe("2")
  })

  it("decodes escaped keys", () => {
    const t = '{"a\\u0062": {"c\\"d": 1}}'
    const doc = only(t, "json")
    expect(slice(t, doc.locate(["ab", 'c"d']))).toBe("1")
  })

  it("tolerates a BOM, comments and trailing commas without moving offsets", () => {
    const t = '\uFEFF{\n  // a comment\n  "a": [1, 2,], /* block */\n  "b": {"c": true,},\n}'
    const doc = only(t, "json")
    expect(doc.value).toEqual({ a: [1, 2], b: { c: true } })
    expect(slice(t, doc.locate(["b", "c"]))).toBe("true")
  })
})

describe("JSON string offsets", () => {
  it("maps decoded offsets across \\n, \\\" and \\uXXXX escapes", () => {
    const code = 'const a = "x";\nrequire("child_process").exec(a)\n\u00e9\t'
    const text = JSON.stringify({ node: { code } }, null, 2).replace("\\u00e9", "\\u00E9")
    const doc = only(text, "json")
    const map = doc.stringOffsetMapper(["node", "code"])!
    const src = new SourceDoc("f.json", text)
    const i = code.indexOf("require")
    expect(text.slice(map(i), map(i) + 7)).toBe("require")
    expect(src.position(map(i)).line).toBe(3)
    expect(text.slice(map(code.indexOf('"x"')), map(code.indexOf('"x"')) + 2)).toBe('\\"')
    expect(text[map(code.length)]).toBe('"')
    expect(doc.stringOffsetMapper(["node"])).toBeUndefined()
  })

  it("maps strings without escapes linearly, including a 5 MB single-line string", () => {
    const long = "x".repeat(5 * 1024 * 1024)
    const text = `{"k": "${long}", "after": 1}`
    const doc = only(text, "json")
    const map = doc.stringOffsetMapper(["k"])!
    expect(map(0)).toBe(7)
    expect(map(long.length - 1)).toBe(7 + long.length - 1)
    expect(slice(text, doc.locate(["after"]))).toBe("1")
  })

  it("property: every unescaped character maps to itself, every escaped one to its backslash", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (s) => {
        const text = JSON.stringify({ s })
        const map = only(text, "json").stringOffsetMapper(["s"])!
        for (let i = 0; i < s.length; i++) {
          const at = text[map(i)]
          if (at !== s[i]) expect(at).toBe("\\")
        }
      }),
      { numRuns: 200 }
    )
  })
})

describe("JSON failures", () => {
  it("names line and column of invalid JSON", () => {
    expect(reason('{\n  "a": 1,\n  "b": }\n', "json")).toBe("invalid JSON at line 3 column 8: unexpected '}' (a value was expected)")
    expect(reason('{"a" 1}', "json")).toMatch(/line 1 column 6: .*':' was expected/)
    expect(reason('["x\ny"]', "json")).toMatch(/line 1 column 4: control character U\+000A in string/)
    expect(reason('{"a": 1} x', "json")).toMatch(/after the end of the JSON value/)
    expect(reason('{"a": tru}', "json")).toMatch(/line 1 column 7/)
    expect(reason("", "json")).toMatch(/empty/)
    expect(reason('{"a": "unterminated', "json")).toMatch(/unterminated string/)
    expect(reason("[01]", "json")).toMatch(/line 1 column 3/)
  })

  it("rejects 10,000 levels of nesting with a clear reason", () => {
    expect(reason("[".repeat(10_000) + "]".repeat(10_000), "json")).toMatch(/nesting deeper than 512 levels/)
    expect(reason('{"a":'.repeat(10_000) + "1" + "}".repeat(10_000), "json")).toMatch(/nesting deeper than 512 levels/)
    expect(only("[".repeat(512) + "]".repeat(512), "json").value).toBeDefined()
  })

  it("throws DeadlineExceeded when the deadline has passed", () => {
    const text = JSON.stringify(Array.from({ length: 100_000 }, (_, i) => i))
    expect(() => parseStructured(new SourceDoc("f.json", text), "json", new Deadline(0))).toThrow(DeadlineExceeded)
  })
})

describe("JSON property: locate returns the text of every value", () => {
  it("pretty-printed and minified", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(0, 1, 2, "\t"), (value, indent) => {
        const text = JSON.stringify(value, null, indent)
        const doc = only(text, "json")
        expect(JSON.stringify(doc.value)).toBe(JSON.stringify(JSON.parse(text)))
        for (const [path, v] of allValues(JSON.parse(text))) {
          const span = doc.locate(path)
          expect(span).toBeDefined()
          expect(JSON.stringify(JSON.parse(text.slice(span!.start, span!.end)))).toBe(JSON.stringify(v))
        }
      }),
      { numRuns: 300 }
    )
  })
})

describe("YAML positions", () => {
  const text = `# comment
app:
  mode: workflow
workflow:
  graph:
    nodes:
      - id: "1"
        data:
          type: code
          title: Code
      - id: '2'
        data: { type: llm, title: LLM }
`

  it("locates nested values and keys", () => {
    const doc = only(text, "yaml")
    expect(slice(text, doc.locate(["app", "mode"]))).toBe("workflow")
    expect(slice(text, doc.locate(["workflow", "graph", "nodes", 0, "id"]))).toBe('"1"')
    expect(slice(text, doc.locate(["workflow", "graph", "nodes", "1", "data", "title"]))).toBe("LLM")
    expect(slice(text, doc.locateKey(["workflow", "graph", "nodes", 0, "data", "type"]))).toBe("type")
    expect(doc.locate(["workflow", "graph", "nodes", 2])).toBeUndefined()
    const line = new SourceDoc("f.yaml", text).position(doc.locate(["workflow", "graph", "nodes", 0, "data", "type"])!.start).line
    expect(line).toBe(9)
    expect(doc.value).toMatchObject({ workflow: { graph: { nodes: [{ id: "1" }, { id: "2", data: { type: "llm" } }] } } })
  })

  it("reads multi-document files with positions per document", () => {
    const t = "a: 1\n---\nb:\n  - x\n  - y\n...\n---\nc: true\n"
    const r = parse(t, "yaml")
    if (!r.ok) throw new Error(r.reason)
    expect(r.documents.map((d) => d.value)).toEqual([{ a: 1 }, { b: ["x", "y"] }, { c: true }])
    expect(slice(t, r.documents[1]!.locate(["b", 1]))).toBe("y")
    expect(slice(t, r.documents[2]!.locate(["c"]))).toBe("true")
  })

  it("keeps the last duplicate key and resolves merge keys and aliases", () => {
    const t = "base: &b\n  k: 1\nm:\n  <<: *b\n  j: 2\nd: 1\nd: 2\nref: *b\n"
    const doc = only(t, "yaml")
    expect(doc.value).toEqual({ base: { k: 1 }, m: { k: 1, j: 2 }, d: 2, ref: { k: 1 } })
    expect(slice(t, doc.locate(["d"]))).toBe("2")
    expect(slice(t, doc.locate(["m", "k"]))).toBe("1")
    expect(slice(t, doc.locate(["ref", "k"]))).toBe("1")
  })

  it("tolerates templated files", () => {
    const t = "name: {{ .Values.name }}\n{{- if .Values.x }}\nfoo: bar\n{{- end }}\n"
    const r = parse(t, "yaml")
    expect(r.ok).toBe(true)
    if (r.ok) expect(r.documents.some((d) => d.templated)).toBe(true)
  })
})

describe("YAML string offsets", () => {
  it("maps a PyYAML-style double-quoted code scalar (escapes and escaped line breaks) to file lines", () => {
    const t = [
      "nodes:",
      "  - data:",
      '      code: "import os\\n\\ndef main(arg1) -> dict:\\n    os.system(arg1)\\n    return\\',
      '        \\ {\\"result\\": arg1}\\n"',
      "      code_language: python3",
      ""
    ].join("\n")
    const doc = only(t, "yaml")
    const code = (doc.value as { nodes: Array<{ data: { code: string } }> }).nodes[0]!.data.code
    expect(code).toBe('import os\n\ndef main(arg1) -> dict:\n    os.system(arg1)\n    return {"result": arg1}\n')
    const map = doc.stringOffsetMapper(["nodes", 0, "data", "code"])!
    const i = code.indexOf("os.system")
    expect(t.slice(map(i), map(i) + 9)).toBe("os.system")
    const j = code.indexOf("result")
    expect(t.slice(map(j), map(j) + 6)).toBe("result")
    expect(new SourceDoc("f.yaml", t).position(map(j)).line).toBe(4)
  })

  it("maps block literal and folded scalars line for line", () => {
    const t = "a:\n  code: |\n    def main():\n        eval(x)\n\n    return 1\nb: >\n  one\n  two\n"
    const doc = only(t, "yaml")
    const code = (doc.value as { a: { code: string } }).a.code
    const map = doc.stringOffsetMapper(["a", "code"])!
    const i = code.indexOf("eval")
    expect(t.slice(map(i), map(i) + 4)).toBe("eval")
    expect(new SourceDoc("f.yaml", t).position(map(i))).toEqual({ line: 4, column: 9 })
    const k = code.indexOf("return")
    expect(t.slice(map(k), map(k) + 6)).toBe("return")
    const folded = doc.stringOffsetMapper(["b"])!
    expect(t.slice(folded(4), folded(4) + 3)).toBe("two")
  })

  it("maps single-quoted and plain multi-line scalars", () => {
    const t = "a: 'it''s\n  here'\nb: plain\n  words\n"
    const doc = only(t, "yaml")
    expect(doc.value).toEqual({ a: "it's here", b: "plain words" })
    const a = doc.stringOffsetMapper(["a"])!
    expect(t.slice(a(5), a(5) + 4)).toBe("here")
    const b = doc.stringOffsetMapper(["b"])!
    expect(t.slice(b(6), b(6) + 5)).toBe("words")
  })

  it("property: every non-space character maps to itself or to its escape", () => {
    const styles = [Scalar.QUOTE_DOUBLE, Scalar.QUOTE_SINGLE, Scalar.BLOCK_LITERAL, Scalar.BLOCK_FOLDED, Scalar.PLAIN] as const
    const chars = fc.constantFrom("a", "b", "x", " ", "\n", "\t", '"', "'", "\\", ":", "#", "é", "-", "{")
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 60 }).map((a) => a.join("")), fc.constantFrom(...styles), fc.integer({ min: 10, max: 80 }), (s, style, width) => {
        const text = stringify({ k: { v: s } }, { defaultStringType: style, lineWidth: width, minContentWidth: 5 })
        const doc = only(text, "yaml")
        // the library's own stringify does not round-trip every string in every style
        fc.pre((doc.value as { k: { v: string } }).k.v === s)
        const map = doc.stringOffsetMapper(["k", "v"])!
        for (let i = 0; i < s.length; i++) {
          const ch = s[i]!
          if (ch === " " || ch === "\n" || ch === "\t") continue
          const at = text[map(i)]
          if (at !== ch) expect(at === "\\" || (ch === "'" && at === "'")).toBe(true)
        }
      }),
      { numRuns: 400 }
    )
  })
})

describe("YAML failures", () => {
  it("names line and column of invalid YAML", () => {
    expect(reason("a: [1, 2\nb: 3\n", "yaml")).toMatch(/^invalid YAML at line \d+ column \d+: /)
    expect(reason("a:\n  b: 1\n c: 2\n", "yaml")).toMatch(/^invalid YAML at line 3 column/)
  })

  it("rejects an alias bomb with a clear reason", () => {
    const lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]']
    for (const [name, prev] of [["b", "a"], ["c", "b"], ["d", "c"], ["e", "d"], ["f", "e"], ["g", "f"]] as const) {
      lines.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(",")}]`)
    }
    expect(reason(lines.join("\n"), "yaml")).toMatch(/alias expansion limit exceeded/)
  })

  it("rejects a circular alias", () => {
    expect(reason("a: &x [1, *x]\n", "yaml")).toMatch(/circular/)
  })

  it("rejects 10,000 levels of nesting, flow or block", () => {
    expect(reason("[".repeat(10_000) + "]".repeat(10_000), "yaml")).toMatch(/nesting deeper than 512 levels/)
    expect(reason("{a: ".repeat(10_000) + "1" + "}".repeat(10_000), "yaml")).toMatch(/nesting deeper than 512 levels/)
    expect(reason("- ".repeat(10_000) + "x\n", "yaml")).toMatch(/nesting deeper than 512 levels/)
    let indented = ""
    for (let i = 0; i < 600; i++) indented += " ".repeat(i) + "a:\n"
    expect(reason(indented, "yaml")).toMatch(/nesting deeper than 512 levels/)
  })
})

describe("robustness", () => {
  const jsonish = fc.array(fc.constantFrom("{", "}", "[", "]", ",", ":", '"', "\\", "u", "0", "1", "-", ".", "e", " ", "\n", "t", "r", "n", "/", "*", "a", "\u0000"), { maxLength: 80 }).map((a) => a.join(""))
  const yamlish = fc.array(fc.constantFrom("a", ":", " ", "\n", "-", "[", "]", "{", "}", "&x", "*x", "|", ">", '"', "'", "#", "---", "? ", "\t", "!!str", "<<"), { maxLength: 60 }).map((a) => a.join(""))

  it.each(["json", "yaml"] as const)("%s: arbitrary input gives a document or a reason, never an exception", (format) => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "binary" }), jsonish, yamlish), (text) => {
        const r = parse(text, format)
        if (!r.ok) expect(r.reason.length).toBeGreaterThan(0)
        else for (const d of r.documents) {
          expect(d.span.start).toBeGreaterThanOrEqual(0)
          expect(d.span.end).toBeLessThanOrEqual(text.length)
        }
      }),
      { numRuns: 1000 }
    )
  })
})
