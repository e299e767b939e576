import { Agent, run, setTracingDisabled } from "@openai/agents"

// ruleid: missing_audit_logging
setTracingDisabled(true)
// ok: missing_audit_logging
setTracingDisabled(false)

export async function answer(agent: Agent, question: string) {
  // ruleid: missing_audit_logging
  const quiet = await run(agent, question, { tracingDisabled: true })
  // ok: missing_audit_logging
  const traced = await run(agent, question, { workflowName: "support" })
  return [quiet, traced]
}
