import type { StructuredDocument } from "../languages/structured.js"
import { detectBuilder } from "./detect.js"
import { normaliseDify } from "./dify.js"
import { normaliseFlowise } from "./flowise.js"
import type { Builder, BuilderGraph } from "./Graph.js"
import { normaliseLangflow } from "./langflow.js"
import { normaliseN8n } from "./n8n.js"

export { detectBuilder } from "./detect.js"
export type {
  Builder,
  BuilderGraph,
  BuilderName,
  CredentialRef,
  CodeInput,
  EmbeddedCode,
  GraphEdge,
  GraphNode,
  NodeKind
} from "./Graph.js"
export { getParam, NODE_KINDS } from "./Graph.js"

/**
 * The graph of a recognised export. Never throws on odd content: missing fields become defaults,
 * nodes without an id get a positional one, and edges to unknown nodes are dropped.
 */
export function normalise(doc: StructuredDocument, builder: Builder): BuilderGraph {
  const parts =
    builder.name === "flowise"
      ? normaliseFlowise(doc, builder)
      : builder.name === "n8n"
        ? normaliseN8n(doc, builder)
        : builder.name === "langflow"
          ? normaliseLangflow(doc, builder)
          : normaliseDify(doc, builder)
  return { builder, nodes: parts.nodes, edges: parts.edges, doc }
}

/** Detects and normalises in one step: undefined when the document is not a builder export. */
export function readBuilderExport(doc: StructuredDocument): BuilderGraph | undefined {
  const builder = detectBuilder(doc.value)
  return builder === undefined ? undefined : normalise(doc, builder)
}
