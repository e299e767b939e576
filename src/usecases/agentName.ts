import type { FileEntry } from "../domain/Scan.js"

const directories = (path: string): ReadonlyArray<string> => {
  const segments = path.replace(/\\/g, "/").split("/").filter((s) => s !== "" && s !== ".")
  return segments.slice(0, -1)
}

/**
 * The agent a scan belongs to: the explicit agent_name, else the first directory shared by every
 * path (`support-bot/app.py` and `support-bot/tools/x.py` → `support-bot`), else `default`.
 */
export const agentNameFor = (request: {
  readonly agentName: string | undefined
  readonly files: ReadonlyArray<Pick<FileEntry, "path">>
}): string => {
  if (request.agentName !== undefined) return request.agentName
  let shared: string | undefined
  for (const file of request.files) {
    const first = directories(file.path)[0]
    if (first === undefined || first === ".." || (shared !== undefined && first !== shared)) return "default"
    shared = first
  }
  return shared ?? "default"
}
