import * as os from "node:os"
import { NodeFileStore } from "langchain/stores/file/node"
import { ReadFileTool, WriteFileTool } from "langchain/tools"

export function diskTools() {
  // ruleid: excessive_permissions[fs_root]
  const store = new NodeFileStore("/")
  return [new ReadFileTool({ store }), new WriteFileTool({ store })]
}

export function homeTools() {
  // ruleid: excessive_permissions[fs_root]
  const store = new NodeFileStore(os.homedir())
  return [new ReadFileTool({ store })]
}

export function scopedTools(workspace: string) {
  // ok: excessive_permissions
  const store = new NodeFileStore(`${workspace}/agent-files`)
  return [new ReadFileTool({ store }), new WriteFileTool({ store })]
}

export function projectTools() {
  // ok: excessive_permissions
  const store = new NodeFileStore("./workspace")
  return [new WriteFileTool({ store })]
}
