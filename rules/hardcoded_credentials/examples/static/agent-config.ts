export const agentConfig = {
  endpoint: "/api/agent",
  // ruleid: hardcoded_credentials[served]
  agent_api_key: "h4ITjNqEVQs0fzGdjaNtEU7xvOdLMfxM1YvSOmqF",
  // ok: hardcoded_credentials
  sessionHeader: "x-session-id"
}
