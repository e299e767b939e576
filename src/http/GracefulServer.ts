import { createServer, type Server, type ServerResponse } from "node:http"
import type { Socket } from "node:net"

/**
 * A node:http server whose `close()` lets every accepted answer reach the client completely.
 *
 * Why this exists: Node's `Server.close()` first calls `closeIdleConnections()`, which destroys every
 * connection whose response has had `end()` called — even when most of that response is still queued
 * in the process for a client that reads slower than the server writes. The platform's NodeHttpServer
 * calls `close()` when `vigil serve` shuts down (SIGTERM), and the process exits as soon as the server
 * reports closed, so a scan answer being written at that moment was cut off after what the socket
 * buffers held (about 4 MB on loopback). Whether it happened depended only on timing: the scan had to
 * finish just before the signal, with an answer larger than the buffers.
 *
 * Closing here:
 * - the listener stops at once (new connections are refused);
 * - connections that never carried a request are closed at once;
 * - an answer not yet started is sent with `Connection: close`, so the connection ends once its last
 *   byte is written (HTTP/1.1's way to close a persistent connection without a race);
 * - a keep-alive answer already under way, or already written, keeps its connection until the client
 *   closes it or it has been quiet for the server's keep-alive timeout (5 s, announced to clients in
 *   the `Keep-Alive` header) — as in normal operation. Closing earlier would send the FIN while the
 *   client may still be reading the body out of its buffers, and clients (undici's fetch among them)
 *   then report the answer as cut even though every byte arrived;
 * - a request that arrives after the API's handler has been detached (shutdown, or before start-up
 *   completed) is answered 503 `not_ready` with `Connection: close` instead of hanging;
 * - after `drainMs` whatever is left is destroyed, so a client that never reads cannot hold the
 *   process forever.
 */
export const createGracefulServer = (drainMs: number): Server => {
  const server = createServer()
  const connections = new Set<Socket>()
  /** responses not yet completely written (nor aborted), per connection */
  const unanswered = new Map<Socket, Set<ServerResponse>>()
  /** connections that have carried at least one request */
  const used = new WeakSet<Socket>()
  let closing = false

  server.on("connection", (socket: Socket) => {
    connections.add(socket)
    socket.once("close", () => {
      connections.delete(socket)
      unanswered.delete(socket)
    })
  })

  server.on("request", (request, response) => {
    const socket = request.socket
    used.add(socket)
    if (closing) response.shouldKeepAlive = false
    // this listener is registered first; the API's handler is the other one while it is attached
    if (server.listenerCount("request") === 1) {
      answerNotReady(response)
      return
    }
    const pending = unanswered.get(socket) ?? new Set<ServerResponse>()
    pending.add(response)
    unanswered.set(socket, pending)
    // "close" follows "finish" (the last byte handed to the operating system) or an aborted connection
    response.once("close", () => {
      pending.delete(response)
      if (pending.size === 0 && unanswered.get(socket) === pending) unanswered.delete(socket)
    })
  })

  // Server.close() calls this first; Node's own version is the one that cuts answers short
  server.closeIdleConnections = () => {
    if (!closing) {
      closing = true
      const deadline = setTimeout(() => {
        for (const socket of connections) socket.destroy()
      }, drainMs)
      deadline.unref()
      server.once("close", () => clearTimeout(deadline))
    }
    for (const socket of connections) {
      const pending = unanswered.get(socket)
      if (pending !== undefined) {
        for (const response of pending) if (!response.headersSent) response.shouldKeepAlive = false
      } else if (!used.has(socket)) {
        socket.destroy()
      }
    }
  }

  return server
}

const answerNotReady = (response: ServerResponse): void => {
  const body = JSON.stringify({ code: "not_ready", error: "the server is starting or shutting down; retry" })
  response.shouldKeepAlive = false
  response.writeHead(503, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "retry-after": "1"
  })
  response.end(body)
}
