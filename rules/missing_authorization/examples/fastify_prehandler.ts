// Fastify: a preHandler hook on one route covers that route only.
import Fastify from "fastify"
import jwt from "@fastify/jwt"
import { agent } from "./agent"

const fastify = Fastify()
fastify.register(jwt, { secret: process.env.JWT_SECRET! })

async function verifyCaller(request: any) {
  await request.jwtVerify()
}

fastify.post("/agent", { preHandler: [verifyCaller] }, async (request: any) => {
  // ok: missing_authorization
  return agent.invoke({ input: request.body.input })
})

fastify.post("/agent/open", async (request: any) => {
  // ruleid: missing_authorization[unauthenticated_agent_endpoint]
  return agent.invoke({ input: request.body.input })
})
