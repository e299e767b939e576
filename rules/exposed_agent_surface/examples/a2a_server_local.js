// A local development agent: loopback only.
const express = require("express")
const { DefaultRequestHandler, InMemoryTaskStore } = require("@a2a-js/sdk/server")
const { restHandler } = require("@a2a-js/sdk/server/express")
const { card, EchoExecutor } = require("./agent")

const app = express()
const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), new EchoExecutor())
// ok: exposed_agent_surface[a2a_no_auth]
app.use(restHandler({ requestHandler: handler }))
app.listen(41241, "127.0.0.1", () => console.log("echo agent on 127.0.0.1:41241"))
