// Timers evaluate a string first argument as code; a function argument is only called.
export function later(done: () => void, ms: number) {
  // ok: exec_eval[timer]
  setTimeout(done, ms)
}

export function every(job: Function, period: number) {
  // ok: exec_eval[timer]
  return setInterval(job, period)
}

export class RetryQueue {
  private timers: Array<ReturnType<typeof setTimeout>> = []

  push(attempt: (tries: number) => Promise<void>, backoffMs: number) {
    // ok: exec_eval[timer]
    this.timers.push(setTimeout(attempt, backoffMs))
  }

  onIdle(callback) {
    // ok: exec_eval[timer]
    setTimeout(callback, 0)
  }
}

export function debounce(fire: () => void) {
  // ok: exec_eval[timer]
  setTimeout(() => fire(), 5)
}

export async function GET(request: Request) {
  const snippet = new URL(request.url).searchParams.get("snippet")
  // ruleid: exec_eval[timer]
  setTimeout(snippet, 0)
  return new Response("scheduled")
}

export function runLater(step: string) {
  // ruleid: exec_eval[timer]
  setTimeout("run(" + step + ")", 10)
}

export function replay(script: string, everyMs: number) {
  // ruleid: exec_eval[timer]
  setInterval(script, everyMs)
}

export function tick(label: string) {
  const source = `metrics.record(${JSON.stringify(label)})`
  // ruleid: exec_eval[timer]
  setInterval(source, 1000)
}
