const vm = require("vm")

function tool(args) {
  // ruleid: exec_eval
  return vm.runInThisContext(args.code)
}

function safe() {
  // ok: exec_eval
  const script = new vm.Script("1 + 1")
  return script
}

module.exports = { tool, safe }
