import vm from "node:vm"

export function calculatorTool(input: { expression: string }) {
  // ruleid: exec_eval
  return eval(input.expression)
}

export function runModelCode(modelOutput: string) {
  // ruleid: exec_eval
  const fn = new Function("ctx", modelOutput)
  // ruleid: exec_eval
  vm.runInNewContext(modelOutput, {})
  return fn
}

export function delayed(name: string) {
  // ruleid: exec_eval
  setTimeout("greet('" + name + "')", 100)
  // ok: exec_eval
  setTimeout(() => console.log(name), 100)
}

// a promise's resolver is a function the runtime passes in, not code text
export const pause = (ms: number) =>
  new Promise<void>((resolve) => {
    // ok: exec_eval
    setTimeout(resolve, ms)
  })

export function safe(payload: string) {
  // ok: exec_eval
  const parsed = JSON.parse(payload)
  // ok: exec_eval
  const two = eval("1 + 1")
  return { parsed, two }
}
