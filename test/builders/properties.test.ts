import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { stringify } from "yaml"
import type { BuilderGraph } from "../../src/builders/index.js"
import { graphOf } from "./helpers.js"

/**
 * Harmless rewrites of an export never change its graph: reordered object keys, reordered nodes
 * (and n8n connection entries), consistently renamed node ids (and n8n names), pretty-printed or
 * minified JSON, YAML or JSON for Dify. Ids are distinctive tokens so renaming is a text substitution
 * and the renamed graph can be mapped back and compared with the original.
 */

interface Spec {
  readonly types: ReadonlyArray<number>
  readonly edges: ReadonlyArray<readonly [number, number, number]>
  readonly params: ReadonlyArray<{ readonly s: string; readonly n: number; readonly secret: string; readonly code: string }>
}

const token = (k: number) => `nodeQ${k}Z`
const renamed = (k: number) => `otherW${k}X`

const specArb: fc.Arbitrary<Spec> = fc.integer({ min: 1, max: 6 }).chain((n) =>
  fc.record({
    types: fc.array(fc.nat({ max: 5 }), { minLength: n, maxLength: n }),
    edges: fc.array(fc.tuple(fc.nat({ max: n - 1 }), fc.nat({ max: n - 1 }), fc.nat({ max: 2 })), { maxLength: 8 }),
    params: fc.array(
      fc.record({
        s: fc.string({ maxLength: 12 }),
        n: fc.integer(),
        secret: fc.constantFrom("", "sk-proj-0123456789abcdef", "{{$vars.key}}"),
        code: fc.constantFrom("", "return 1", 'const x = "a\\nb";\nrequire("child_process").exec(x)')
      }),
      { minLength: n, maxLength: n }
    )
  })
)

function flowise(spec: Spec): unknown {
  const menu = [
    ["toolAgent", "Agents"],
    ["chatOpenAI", "Chat Models"],
    ["customTool", "Tools"],
    ["bufferMemory", "Memory"],
    ["pdfFile", "Document Loaders"],
    ["llmChain", "Chains"]
  ] as const
  return {
    nodes: spec.types.map((t, k) => {
      const [name, category] = menu[t]!
      const p = spec.params[k]!
      return {
        id: token(k),
        position: { x: k, y: t },
        type: "customNode",
        data: {
          id: token(k),
          label: `Label ${k}`,
          name,
          category,
          inputParams: [
            { name: "apiKey", type: "password" },
            { name: "customToolFunc", type: "code" }
          ],
          inputs: { s: p.s, n: p.n, apiKey: p.secret, customToolFunc: p.code, ref: `{{${token((k + 1) % spec.types.length)}.data.instance}}` }
        }
      }
    }),
    edges: spec.edges.map(([s, t], i) => ({
      id: `${token(s)}-${token(t)}-${i}`,
      source: token(s),
      sourceHandle: `${token(s)}-output`,
      target: token(t),
      targetHandle: `${token(t)}-input`,
      type: "buttonedge"
    }))
  }
}

function n8n(spec: Spec): unknown {
  const menu = [
    "@n8n/n8n-nodes-langchain.agent",
    "@n8n/n8n-nodes-langchain.lmChatOpenAi",
    "n8n-nodes-base.code",
    "n8n-nodes-base.httpRequest",
    "n8n-nodes-base.splitInBatches",
    "n8n-nodes-base.set"
  ]
  const kinds = ["main", "ai_tool", "ai_languageModel"]
  const connections: Record<string, Record<string, Array<Array<{ node: string; type: string; index: number }>>>> = {}
  for (const [s, t, k] of spec.edges) {
    const byType = (connections[`Name ${token(s)}`] ??= {})
    const outputs = (byType[kinds[k]!] ??= [[]])
    outputs[0]!.push({ node: `Name ${token(t)}`, type: kinds[k]!, index: 0 })
  }
  return {
    name: "wf",
    nodes: spec.types.map((t, k) => {
      const p = spec.params[k]!
      return {
        id: token(k),
        name: `Name ${token(k)}`,
        type: menu[t]!,
        typeVersion: 1,
        position: [k, t],
        parameters: { s: p.s, n: p.n, jsCode: p.code, options: { header: p.secret } },
        ...(p.secret !== "" ? { credentials: { httpHeaderAuth: { id: `cred${k}`, name: p.secret } } } : {})
      }
    }),
    connections,
    settings: {}
  }
}

function langflow(spec: Spec): unknown {
  const menu = ["Agent", "ChatInput", "OpenAIModel", "CustomComponent", "LoopComponent", "ParserComponent"]
  const fields = ["input_value", "tools", "item"]
  return {
    name: "flow",
    is_component: false,
    data: {
      nodes: spec.types.map((t, k) => {
        const p = spec.params[k]!
        return {
          id: token(k),
          type: "genericNode",
          data: {
            id: token(k),
            type: menu[t]!,
            node: {
              display_name: `Display ${k}`,
              edited: p.n % 2 === 0,
              template: {
                s: { type: "str", value: p.s },
                n: { type: "int", value: p.n },
                api_key: { type: "str", password: true, load_from_db: p.secret.startsWith("{{"), value: p.secret },
                code: { type: "code", value: p.code }
              }
            }
          }
        }
      }),
      edges: spec.edges.map(([s, t, f]) => ({
        id: `edge-${token(s)}-${token(t)}`,
        source: token(s),
        target: token(t),
        data: { targetHandle: { fieldName: fields[f]!, id: token(t) }, sourceHandle: { id: token(s) } }
      }))
    }
  }
}

function dify(spec: Spec): unknown {
  const menu = ["start", "llm", "code", "http-request", "loop", "answer"]
  return {
    app: { mode: "workflow", name: "app" },
    kind: "app",
    version: "0.6.0",
    workflow: {
      environment_variables: [],
      graph: {
        nodes: spec.types.map((t, k) => {
          const p = spec.params[k]!
          return {
            id: token(k),
            type: "custom",
            data: { type: menu[t]!, title: `Title ${k}`, s: p.s, n: p.n, code: p.code, code_language: "python3", authorization: { config: { api_key: p.secret } } }
          }
        }),
        edges: spec.edges.map(([s, t], i) => ({ id: `${token(s)}-${token(t)}-${i}`, source: token(s), target: token(t) }))
      }
    }
  }
}

/** A seeded shuffle, so fast-check can shrink and replay. */
function shuffler(seed: number) {
  let a = seed >>> 0
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const shuffle = <T>(xs: ReadonlyArray<T>): Array<T> => {
    const out = [...xs]
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1))
      ;[out[i], out[j]] = [out[j]!, out[i]!]
    }
    return out
  }
  const deep = (v: unknown, parentKey = ""): unknown => {
    if (Array.isArray(v)) {
      const items = v.map((x) => deep(x))
      // node lists may be reordered; other arrays (connection outputs, positions) keep their meaning by index
      return parentKey === "nodes" ? shuffle(items) : items
    }
    if (v !== null && typeof v === "object") {
      return Object.fromEntries(shuffle(Object.entries(v)).map(([k, x]) => [k, deep(x, k)]))
    }
    return v
  }
  return deep
}

function render(value: unknown, style: number, yaml: boolean): { text: string; format: "json" | "yaml" } {
  if (yaml && style === 0) return { text: stringify(value), format: "yaml" }
  if (yaml && style === 1) return { text: stringify(value, { lineWidth: 0, defaultStringType: "QUOTE_DOUBLE" }), format: "yaml" }
  return { text: JSON.stringify(value, null, style === 2 ? 2 : undefined), format: "json" }
}

function project(graph: BuilderGraph): string {
  const canon = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canon)
      : v !== null && typeof v === "object"
        ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canon((v as Record<string, unknown>)[k])]))
        : v
  const nodes = graph.nodes
    .map((n) => ({
      id: n.id,
      name: n.name,
      type: n.type,
      kind: n.kind,
      params: canon(n.params),
      secrets: [...n.secretParams].sort(),
      credentials: n.credentialRefs.map((c) => `${c.field}|${c.kind}|${c.value}`).sort(),
      code: n.embeddedCode.map((c) => `${c.language}|${c.field}|${c.builtin}|${c.code}`).sort()
    }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  const edges = graph.edges.map((e) => `${e.source}|${e.target}|${e.kind}`).sort()
  return JSON.stringify({ builder: [graph.builder.name, graph.builder.variant], nodes, edges })
}

const renameAll = (text: string, n: number, from: (k: number) => string, to: (k: number) => string): string => {
  let out = text
  for (let k = 0; k < n; k++) out = out.split(from(k)).join(to(k))
  return out
}

const builders = [
  ["flowise", flowise, false],
  ["n8n", n8n, false],
  ["langflow", langflow, false],
  ["dify", dify, true]
] as const

describe.each(builders)("%s graph is invariant under harmless rewrites", (_name, make, yaml) => {
  it("key order, node order, id renaming and formatting", () => {
    fc.assert(
      fc.property(specArb, fc.integer(), fc.boolean(), fc.nat({ max: 3 }), (spec, seed, rename, style) => {
        const value = make(spec)
        const base = JSON.stringify(value, null, 2)
        const original = project(graphOf(base))

        const n = spec.types.length
        const rewritten = shuffler(seed)(rename ? JSON.parse(renameAll(JSON.stringify(value), n, token, renamed)) : value)
        const { text, format } = render(rewritten, style, yaml)
        const graph = graphOf(text, format)
        const back = rename ? renameAll(project(graph), n, renamed, token) : project(graph)
        expect(back).toBe(original)

        for (const node of graph.nodes) {
          const k = [...Array(n).keys()].find((i) => node.id.includes(rename ? renamed(i) : token(i)))
          expect(k, `node ${node.id} maps to a generated node`).toBeDefined()
          expect(text.slice(node.anchor.start, node.anchor.end)).toContain(rename ? renamed(k!) : token(k!))
        }
      }),
      { numRuns: 150 }
    )
  })
})
