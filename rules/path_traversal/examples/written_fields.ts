// Writing one field of an object does not change what its other fields hold.
import fs from "node:fs"
import { tool } from "ai"
import { z } from "zod"

declare function loadConfig(): { templateFile: string; outputDir: string; body?: string; target?: string }

export const renderNote = tool({
  description: "Render a note with the configured template",
  inputSchema: z.object({ text: z.string(), file: z.string() }),
  execute: async ({ text, file }) => {
    const job = loadConfig()
    job.body = text
    // ok: path_traversal
    const template = fs.readFileSync(job.templateFile, "utf8")
    job.target = file
    // ruleid: path_traversal
    fs.writeFileSync(job.target, template.replace("{{body}}", job.body))
    return "done"
  },
})
