/**
 * Agent frameworks a file uses, detected from its imports, so a rule about (say) CrewAI only speaks
 * in files that use CrewAI. Ids are the vocabulary of a rule's `frameworks` list.
 */
export const FRAMEWORKS = {
  langchain: /(?:from|import)\s+langchain|["']@?langchain\/|["']langchain["']/,
  langgraph: /(?:from|import)\s+langgraph|["']@langchain\/langgraph/,
  crewai: /(?:from|import)\s+crewai\b/,
  autogen: /(?:from|import)\s+(?:autogen|autogen_agentchat|autogen_core|autogen_ext|ag2)\b/,
  openai_agents: /(?:from|import)\s+agents\b|["']@openai\/agents/,
  llamaindex: /(?:from|import)\s+llama_index|["']llamaindex["']|["']@llamaindex\//,
  vercel_ai: /["']ai["']|["']@ai-sdk\//,
  anthropic: /(?:from|import)\s+anthropic\b|["']@anthropic-ai\/sdk/,
  openai: /(?:from|import)\s+openai\b|["']openai["']|github\.com\/(?:sashabaranov\/go-openai|openai\/openai-go)/,
  google_genai: /(?:from|import)\s+google(?:\.generativeai|\.genai|\s+import\s+genai)|["']@google\/gen(?:erative-)?ai|google\.golang\.org\/genai|generative-ai-go/,
  mcp: /(?:from|import)[ \t]+(?:mcp|fastmcp)\b|["']@modelcontextprotocol\/sdk|mark3labs\/mcp-go|modelcontextprotocol\/go-sdk/,
  langchaingo: /github\.com\/tmc\/langchaingo/,
  eino: /github\.com\/cloudwego\/eino/
} as const satisfies Record<string, RegExp>

export type Framework = keyof typeof FRAMEWORKS
export const FRAMEWORK_IDS = Object.keys(FRAMEWORKS) as ReadonlyArray<Framework>

/** Only the head of a file is searched: imports live there, and a 5 MB file must stay cheap. */
const HEAD = 64 * 1024

export const detectFrameworks = (text: string): Set<Framework> => {
  const head = text.length > HEAD ? text.slice(0, HEAD) : text
  const found = new Set<Framework>()
  for (const id of FRAMEWORK_IDS) if (FRAMEWORKS[id].test(head)) found.add(id)
  return found
}
