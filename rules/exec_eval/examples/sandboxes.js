const { VM, NodeVM, VMScript } = require("vm2")
const Sandbox = require("sandbox")
const express = require("express")
const { DynamicTool } = require("@langchain/core/tools")

// a code-runner tool: the model writes the code, vm2 runs it in the server's process
const codeRunner = new DynamicTool({
  name: "run_js",
  description: "Evaluate JavaScript and return the result",
  func: async (source) => {
    // ruleid: exec_eval
    return String(new VM({ timeout: 1000 }).run(source))
  },
})

const app = express()

app.post("/plugins/run", (req, res) => {
  const vm = new NodeVM({ console: "redirect" })
  // ruleid: exec_eval
  const script = new VMScript("module.exports = " + req.body.expr)
  // (the script was reported where its code was built)
  res.json(vm.run(script))
})

app.post("/calc", (req, res) => {
  const box = new Sandbox()
  // ruleid: exec_eval
  box.run(`(${req.body.formula})`, (out) => res.json(out))
})

app.get("/version", (req, res) => {
  const vm = new NodeVM({})
  // ok: exec_eval
  res.json(vm.run("module.exports = process.version"))
  const box = new Sandbox()
  // ok: exec_eval
  box.run("1 + 1", (out) => res.json(out))
})

module.exports = { codeRunner }
