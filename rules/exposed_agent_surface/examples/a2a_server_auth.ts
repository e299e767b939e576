// The same handlers behind a bearer-token middleware, with a user builder reading what it verified.
import express, { type NextFunction, type Request, type Response } from "express"
import { createRemoteJWKSet, jwtVerify } from "jose"
import { DefaultRequestHandler, InMemoryTaskStore } from "@a2a-js/sdk/server"
import { jsonRpcHandler } from "@a2a-js/sdk/server/express"
import { card, SupportExecutor, toUser } from "./agent.js"

const jwks = createRemoteJWKSet(new URL("https://auth.example.com/.well-known/jwks.json"))

async function requireUser(req: Request, res: Response, next: NextFunction) {
  const token = (req.headers.authorization ?? "").replace(/^Bearer /, "")
  try {
    const { payload } = await jwtVerify(token, jwks, { audience: "support-agent" })
    res.locals.user = payload
    next()
  } catch {
    res.status(401).json({ error: "unauthorized" })
  }
}

const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), new SupportExecutor())
const server = express()
server.use(requireUser)
// ok: exposed_agent_surface[a2a_no_auth]
server.use(jsonRpcHandler({ requestHandler: handler, userBuilder: async (req) => toUser(req) }))
server.listen(Number(process.env.PORT ?? 8080))
