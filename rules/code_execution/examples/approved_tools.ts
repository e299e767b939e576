// A person approves each call first (AI SDK needsApproval: true, an interrupt before the graph node):
// reported as a risk one severity lower (variant approved); an approval that depends on the input, or
// an interrupt before another node, approves nothing here.
import { tool } from "ai"
import { z } from "zod"
import { execSync } from "node:child_process"
import { StateGraph, Annotation, MemorySaver } from "@langchain/langgraph"

export const shell = tool({
  description: "Run a shell command after the user approves it",
  inputSchema: z.object({ command: z.string() }),
  needsApproval: true,
  execute: async ({ command }) => {
    // ruleid: code_execution[approved]
    return execSync(command, { encoding: "utf8" })
  },
})

export const shellSometimes = tool({
  description: "Run a shell command",
  inputSchema: z.object({ command: z.string() }),
  needsApproval: async ({ command }) => command.includes("rm"),
  execute: async ({ command }) => {
    // ruleid: code_execution
    return execSync(command, { encoding: "utf8" })
  },
})

const Ops = Annotation.Root({ cmd: Annotation<string>(), out: Annotation<string>() })

function execute(state: typeof Ops.State) {
  // ruleid: code_execution[approved]
  return { out: execSync(state.cmd, { encoding: "utf8" }) }
}

function lint(state: typeof Ops.State) {
  // ruleid: code_execution
  return { out: execSync(`shellcheck -s bash <<< '${state.cmd}'`, { encoding: "utf8" }) }
}

const ops = new StateGraph(Ops)
ops.addNode("lint", lint)
ops.addNode("execute", execute)
export const opsGraph = ops.compile({ checkpointer: new MemorySaver(), interruptBefore: ["execute"] })
