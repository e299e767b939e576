const { execSync } = require("node:child_process")
const { DynamicStructuredTool, StructuredTool } = require("@langchain/core/tools")

class ShellTool extends StructuredTool {
  constructor() {
    super()
    this.name = "shell"
    this.description = "Run a shell command on the build host"
  }

  async _call({ command }) {
    // ruleid: code_execution
    return execSync(command).toString()
  }
}

class UptimeTool extends DynamicStructuredTool {
  async _call(_input) {
    // ok: code_execution
    return execSync("uptime").toString()
  }
}

module.exports = { ShellTool, UptimeTool }
