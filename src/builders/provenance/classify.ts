import type { BuilderName, GraphNode, NodeKind } from "../Graph.js"
import type { Origin, ProvenanceKind } from "./Provenance.js"

/**
 * What a node's output is, as data: per builder, node types (globs) that produce untrusted, secret,
 * configuration or constant data, and types that pass their input through (routers, mergers,
 * formatters, prompt templates). Types not listed fall back to their normalised kind: triggers,
 * HTTP calls, models, agents, loaders, tools and memories produce untrusted data; code and loops
 * pass their input through; anything else is `unknown` for unmodelled app nodes, pass-through for
 * the rest.
 */

export type Producer =
  | { readonly kind: "source"; readonly provenance: ProvenanceKind; readonly label: string }
  | { readonly kind: "pass" }

type Row = readonly [types: ReadonlyArray<string>, producer: Producer]

const source = (provenance: ProvenanceKind, label: string): Producer => ({ kind: "source", provenance, label })
const PASS: Producer = { kind: "pass" }

const TABLES: Readonly<Record<BuilderName, ReadonlyArray<Row>>> = {
  n8n: [
    [
      [
        "n8n-nodes-base.manualTrigger",
        "n8n-nodes-base.scheduleTrigger",
        "n8n-nodes-base.cron",
        "n8n-nodes-base.interval",
        "n8n-nodes-base.start"
      ],
      source("constant", "a manual or scheduled start")
    ],
    [["n8n-nodes-base.errorTrigger"], source("unknown", "error details of another workflow")],
    // the trigger reports files that exist in a folder the workflow watches: their paths are not chosen by a caller
    [["n8n-nodes-base.localFileTrigger"], source("constant", "a file in a watched folder")],
    [["n8n-nodes-base.executeWorkflowTrigger"], source("unknown", "the input of a calling workflow")],
    [["n8n-nodes-base.webhook", "n8n-nodes-base.formTrigger", "n8n-nodes-base.form"], source("untrusted", "the webhook or form request")],
    [["@n8n/n8n-nodes-langchain.chatTrigger", "@n8n/n8n-nodes-langchain.manualChatTrigger"], source("untrusted", "the chat message")],
    [["@n8n/n8n-nodes-langchain.mcpTrigger"], source("untrusted", "an MCP client's call")],
    [["*Trigger"], source("untrusted", "the trigger's event data")],
    [
      [
        "n8n-nodes-base.if",
        "n8n-nodes-base.switch",
        "n8n-nodes-base.filter",
        "n8n-nodes-base.merge",
        "n8n-nodes-base.noOp",
        "n8n-nodes-base.wait",
        "n8n-nodes-base.splitOut",
        "n8n-nodes-base.splitInBatches",
        "n8n-nodes-base.aggregate",
        "n8n-nodes-base.sort",
        "n8n-nodes-base.limit",
        "n8n-nodes-base.itemLists",
        "n8n-nodes-base.removeDuplicates",
        "n8n-nodes-base.summarize",
        "n8n-nodes-base.renameKeys",
        "n8n-nodes-base.compareDatasets",
        "n8n-nodes-base.dateTime",
        "n8n-nodes-base.markdown",
        "n8n-nodes-base.html",
        "n8n-nodes-base.htmlExtract",
        "n8n-nodes-base.xml",
        "n8n-nodes-base.extractFromFile",
        "n8n-nodes-base.convertToFile",
        "n8n-nodes-base.moveBinaryData",
        "n8n-nodes-base.spreadsheetFile",
        "n8n-nodes-base.crypto",
        "n8n-nodes-base.executionData",
        "n8n-nodes-base.code",
        "n8n-nodes-base.function",
        "n8n-nodes-base.functionItem",
        "n8n-nodes-base.set",
        "n8n-nodes-base.respondToWebhook",
        "n8n-nodes-base.stickyNote"
      ],
      PASS
    ],
    [["n8n-nodes-base.executeWorkflow", "@n8n/n8n-nodes-langchain.toolWorkflow"], source("unknown", "another workflow's result")],
    // app nodes return what the service holds: rows, messages, files, pages
    [["n8n-nodes-base.*", "@n8n/n8n-nodes-langchain.vectorStore*"], source("untrusted", "data read from an external service")]
  ],
  dify: [
    [["start", "trigger*"], source("untrusted", "the start node's user input")],
    [["http-request"], source("untrusted", "the HTTP response")],
    [["knowledge-retrieval", "document-extractor"], source("untrusted", "retrieved or uploaded documents")],
    [["tool"], source("untrusted", "a tool's output")],
    [["llm", "agent", "parameter-extractor"], source("untrusted", "model output")],
    [["question-classifier"], source("constant", "a fixed class label")],
    [["code", "template-transform", "variable-aggregator", "variable-assigner", "iteration", "loop", "list-operator", "assigner"], PASS],
    [["environment-variable"], source("config", "an environment variable")]
  ],
  langflow: [
    [["ChatInput", "ChatInputComponent"], source("untrusted", "the chat input")],
    [["TextInput", "TextInputComponent"], source("untrusted", "the text input")],
    [["Webhook", "WebhookComponent"], source("untrusted", "the webhook body")],
    [["APIRequest*", "URL", "URLComponent", "*Search*", "*Scrape*", "*Crawl*", "AgentQL", "Apify*", "Serp*", "Tavily*", "YouTube*", "Gmail*", "Composio*", "Google*", "Notion*", "Slack*", "*Reader", "*Loader"], source("untrusted", "fetched web or service content")],
    [["File", "FileComponent", "Directory", "DirectoryComponent"], source("untrusted", "file contents")],
    [["Memory", "MessageHistory", "*Memory*"], source("untrusted", "the chat history")],
    [["SQL*", "*SQL*", "BigQuery*", "*DB", "AstraDB*", "Chroma*", "Pinecone*", "Qdrant*", "Weaviate*", "FAISS*", "OpenSearch*", "*VectorStore*", "Supabase*", "Mongo*", "Redis*"], source("untrusted", "database or vector-store rows")],
    [["CurrentDate", "*Calculator*"], source("constant", "a computed constant")],
    [["CustomComponent"], PASS]
  ],
  flowise: [
    [["startAgentflow", "seqStart"], source("untrusted", "the user's input")],
    [["httpAgentflow", "requestsGet", "requestsPost", "requestsGetTool", "requestsPostTool", "*Scraper*", "cheerioWebScraper", "puppeteerWebScraper", "playwrightWebScraper"], source("untrusted", "the HTTP response")],
    [["llmAgentflow", "agentAgentflow", "conditionAgentAgentflow", "*Chain", "seqAgent", "seqLLMNode"], source("untrusted", "model output")],
    [["retrieverAgentflow", "*Retriever*"], source("untrusted", "retrieved documents")],
    [["customFunctionAgentflow", "customFunction", "iterationAgentflow", "loopAgentflow", "conditionAgentflow", "directReplyAgentflow"], PASS]
  ]
}

const KIND_DEFAULT: Readonly<Record<NodeKind, Producer>> = {
  trigger: source("untrusted", "trigger input"),
  http: source("untrusted", "the HTTP response"),
  llm: source("untrusted", "model output"),
  agent: source("untrusted", "the agent's output"),
  loader: source("untrusted", "loaded document contents"),
  tool: source("untrusted", "a tool's output"),
  memory: source("untrusted", "the chat history"),
  credential: source("secret", "a stored credential"),
  code: PASS,
  loop: PASS,
  other: PASS
}

const globs = new Map<string, RegExp>()
const glob = (pattern: string): RegExp => {
  let re = globs.get(pattern)
  if (re === undefined) {
    re = new RegExp(`^${pattern.split("*").map((p) => p.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`)
    globs.set(pattern, re)
  }
  return re
}

/** The producer class of a node: its builder's table first, then its kind. */
export function producerOf(builder: BuilderName, node: GraphNode): Producer {
  // a Langflow Text Input that holds its own text (a company profile, a persona) gives that text unless
  // a run replaces it (the API's input goes to the chat input unless the caller asks for text inputs):
  // of unknown origin, not the caller's; an empty one waits for the caller's text
  if (builder === "langflow" && TEXT_INPUTS.has(node.type) && typeof node.params.input_value === "string" && node.params.input_value.trim() !== "")
    return TEXT_INPUT_DEFAULT
  // a node's kind says more than a catch-all row: an n8n model or agent is a model whatever its package
  for (const [types, producer] of TABLES[builder]) {
    if (!types.some((t) => glob(t).test(node.type))) continue
    if (types.includes("n8n-nodes-base.*") && node.kind !== "other") break
    return producer
  }
  return KIND_DEFAULT[node.kind]
}

const TEXT_INPUTS = new Set(["TextInput", "TextInputComponent"])
const TEXT_INPUT_DEFAULT = source("unknown", "the text input's preset text")

/** The origin a source node gives its output, naming the node. */
export const originOf = (producer: Producer & { kind: "source" }, node: GraphNode): Origin => ({
  provenance: producer.provenance,
  label: `${producer.label} ("${node.name}")`,
  nodeId: node.id
})
