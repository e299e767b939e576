// A2A agents served through the a2a-js Express handlers.
import express from "express"
import { AgentCard, AGENT_CARD_PATH } from "@a2a-js/sdk"
import { DefaultRequestHandler, InMemoryTaskStore } from "@a2a-js/sdk/server"
import { agentCardHandler, jsonRpcHandler, restHandler, UserBuilder } from "@a2a-js/sdk/server/express"
import { ResearchExecutor } from "./executor.js"

const card: AgentCard = {
  name: "Research agent",
  description: "Searches and summarises papers",
  protocolVersion: "1.0",
  version: "0.2.0",
  capabilities: { streaming: true },
  defaultInputModes: ["text"],
  defaultOutputModes: ["text"],
  skills: [],
  supportedInterfaces: [{ url: "http://0.0.0.0:4000/a2a", protocolBinding: "JSONRPC" }],
}

const requestHandler = new DefaultRequestHandler(card, new InMemoryTaskStore(), new ResearchExecutor())
const app = express()
app.use(`/${AGENT_CARD_PATH}`, agentCardHandler({ agentCardProvider: requestHandler }))
// ruleid: exposed_agent_surface[a2a_no_auth]
app.use("/a2a", jsonRpcHandler({ requestHandler, userBuilder: UserBuilder.noAuthentication }))
// ruleid: exposed_agent_surface[a2a_no_auth]
app.use("/a2a/rest", restHandler({ requestHandler }))
app.listen(4000)
