import type { Span, StructuredDocument, StructuredPath } from "../languages/structured.js"

/**
 * One graph model for the exports of every visual builder. Rules over builder exports (graph
 * matchers, embedded-code scans) see nodes with a normalised kind, their parameters, credentials and
 * code, and edges that always point the way data flows: from the upstream or providing node (a
 * trigger, a model, a tool, a memory) to the node that consumes it (the next step, the agent).
 */

export type BuilderName = "flowise" | "n8n" | "langflow" | "dify"

export interface Builder {
  readonly name: BuilderName
  /**
   * flowise: chatflow | agentflow-v1 | agentflow-v2 | tool; n8n: workflow; langflow: flow;
   * dify: workflow-app | chat-app
   */
  readonly variant: string
  /** where each export starts in the document: [] for a bare export, more for wrappers and arrays */
  readonly roots: ReadonlyArray<StructuredPath>
}

export const NODE_KINDS = [
  "agent",
  "llm",
  "tool",
  "memory",
  "http",
  "code",
  "loop",
  "loader",
  "credential",
  "trigger",
  "other"
] as const
export type NodeKind = (typeof NODE_KINDS)[number]

/** A credential a node uses: a reference to a credential store (safe) or a literal value (a leak). */
export interface CredentialRef {
  /** dotted parameter name, e.g. `openAIApiKey`, `credentials.httpHeaderAuth` */
  readonly field: string
  readonly path: StructuredPath
  readonly kind: "reference" | "literal"
  /** the reference (id, name, variable) or the literal secret */
  readonly value: string
}

/**
 * How code in a node reads what the node receives: the names the builder puts in its scope
 * (n8n `$json`, `$input.all()`; Flowise `$input`, tool-schema `$properties`), the parameters of the
 * function it calls (Dify's `main(arg1, ...)`), or a component's attributes (Langflow
 * `self.<input>`). The graph tells where that input comes from; data flow takes it as the source.
 */
export interface CodeInput {
  /** canonical names (`$json`, `$json.*`, `$input.all`, `self.input_value`) */
  readonly names: ReadonlyArray<string>
  /** a module-level function whose parameters receive the input */
  readonly entry?: string
  /** the node parameter the input arrives in (a Langflow template field); absent: the node's data input */
  readonly field?: string
}

/** Code held in a node (a string in the export), to be scanned with the language rules. */
export interface EmbeddedCode {
  readonly language: "javascript" | "python"
  readonly code: string
  readonly nodeId: string
  readonly nodeName: string
  /** dotted parameter name holding the code */
  readonly field: string
  readonly path: StructuredPath
  /** offset in `code` -> offset in the file text (escapes and indentation accounted for) */
  readonly toFileOffset: (offset: number) => number
  /** stock component source the user did not edit (Langflow): not user code, never reported */
  readonly builtin: boolean
  /** how the code reads the node's input */
  readonly inputs: ReadonlyArray<CodeInput>
}

export interface GraphNode {
  /** unique in the graph; what edges refer to */
  readonly id: string
  /** display name: label, title or n8n node name */
  readonly name: string
  /** the builder's own type, e.g. `toolAgent`, `n8n-nodes-base.httpRequest`, `Agent`, `http-request` */
  readonly type: string
  readonly kind: NodeKind
  /** the node's settings (Flowise inputs, n8n parameters, Langflow template values, Dify data) */
  readonly params: Readonly<Record<string, unknown>>
  /** document path of a dotted parameter name, for locating it */
  readonly paramPath: (name: string) => StructuredPath
  /** parameters the builder declares as secrets (password fields) */
  readonly secretParams: ReadonlySet<string>
  /** document path of the node object */
  readonly path: StructuredPath
  /** the whole node in the file */
  readonly span: Span
  /** the node's identifying field (id or name): where findings about the node point */
  readonly anchor: Span
  readonly credentialRefs: ReadonlyArray<CredentialRef>
  readonly embeddedCode: ReadonlyArray<EmbeddedCode>
}

export interface GraphEdge {
  readonly source: string
  readonly target: string
  /** the builder's connection kind: n8n `main`/`ai_tool`, Langflow target field, Flowise edge type, `loop` */
  readonly kind: string
  /** where the edge is written (an n8n connection, an edges[] entry, a Loop node's loopBackToNode): where a finding about it points */
  readonly path?: StructuredPath
}

export interface BuilderGraph {
  readonly builder: Builder
  readonly nodes: ReadonlyArray<GraphNode>
  readonly edges: ReadonlyArray<GraphEdge>
  /** the document the graph was read from, to locate parameters */
  readonly doc: StructuredDocument
}

/** Value of a dotted parameter name (`options.maxIterations`, `headers.0.value`), or undefined. */
export function getParam(node: GraphNode, name: string): unknown {
  let value: unknown = node.params
  for (const seg of name.split(".")) {
    if (Array.isArray(value)) value = /^\d+$/.test(seg) ? value[Number(seg)] : undefined
    else if (value !== null && typeof value === "object") {
      value = Object.prototype.hasOwnProperty.call(value, seg) ? (value as Record<string, unknown>)[seg] : undefined
    } else return undefined
    if (value === undefined) return undefined
  }
  return value
}
