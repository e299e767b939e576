import { tool } from "@langchain/core/tools"
import { StateGraph, MessagesAnnotation } from "@langchain/langgraph"
import { ToolNode } from "@langchain/langgraph/prebuilt"
import { unlink } from "node:fs/promises"
import { z } from "zod"

const removeFile = tool(
  async ({ file }) => {
    // ok: missing_human_oversight
    await unlink(`/srv/data/${file}`)
    return "removed"
  },
  { name: "remove_file", description: "Remove a data file", schema: z.object({ file: z.string() }) },
)

export const app = new StateGraph(MessagesAnnotation)
  .addNode("tools", new ToolNode([removeFile]))
  .addEdge("__start__", "tools")
  .compile({ interruptBefore: ["tools"] })
