// Fastify route options: the preHandler of one route guards that route only.
import Fastify from "fastify"
import { agent } from "./agent"

const app = Fastify()

async function callerToken(request: any, reply: any) {
  if (request.headers.authorization !== `Bearer ${process.env.TOKEN}`) return reply.code(401).send()
}

app.post("/agent", {
  preHandler: [callerToken],
  handler: async (request: any) => {
    // ok: missing_authorization
    return agent.invoke({ input: request.body.input })
  }
})

app.route({
  method: "POST",
  url: "/agent/preview",
  handler: async (request: any) => {
    // ruleid: missing_authorization[unauthenticated_agent_endpoint]
    return agent.invoke({ input: request.body.input })
  }
})
