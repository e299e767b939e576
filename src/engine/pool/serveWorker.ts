import type { Analyser } from "../Analyser.js"
import { analyseBatch, MemoryHygiene } from "./analyseBatch.js"
import { type ChildMessage, type ParentMessage, parseParentMessage } from "./protocol.js"

const rssBytes = (): number => process.memoryUsage.rss()
const describeError = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/**
 * The child side of the protocol: builds the analyser from the init message, then analyses batches
 * one at a time. Exits when the parent goes away (IPC disconnect) so no child outlives the service.
 */
export const serveWorker = (buildAnalyser: (init: unknown) => Promise<Analyser>): void => {
  const sendToParent = process.send?.bind(process)
  if (sendToParent === undefined) {
    process.stderr.write("worker-main must be started by the worker pool (child_process.fork)\n")
    process.exit(1)
  }
  const send = (message: ChildMessage): void => {
    sendToParent(message)
  }
  const memory = new MemoryHygiene()
  let analyser: Analyser | undefined
  // messages are handled strictly in order, even though batches yield to the event loop
  let queue: Promise<void> = Promise.resolve()

  const handle = async (message: ParentMessage): Promise<void> => {
    if (message.type === "init") {
      try {
        analyser = await buildAnalyser(message.init)
        send({ type: "ready", rssBytes: rssBytes() })
      } catch (error) {
        send({ type: "init-error", message: describeError(error) })
      }
      return
    }
    const current = analyser
    if (current === undefined) {
      send({ type: "log", level: "error", message: "batch received before a successful init" })
      return
    }
    await analyseBatch(
      current,
      message.tasks,
      message.deadlineAt,
      (index, result) => send({ type: "file-result", batchId: message.batchId, index, result }),
      memory
    )
    send({ type: "batch-done", batchId: message.batchId, rssBytes: rssBytes() })
  }

  process.on("disconnect", () => process.exit(0))
  process.on("message", (raw: unknown) => {
    const message = parseParentMessage(raw)
    if (message === undefined) {
      send({ type: "log", level: "warning", message: "ignored a message outside the protocol" })
      return
    }
    queue = queue.then(() => handle(message)).catch((error: unknown) => {
      send({ type: "log", level: "error", message: `worker loop: ${describeError(error)}` })
    })
  })
}
