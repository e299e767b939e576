import express from "express"
import pino from "pino"

const app = express()
const logger = pino()

app.post("/v1/chat", async (req, res) => {
  // ruleid: logging_sensitive_data[secret]
  logger.info({ headers: req.headers }, "chat request")
  // ruleid: logging_sensitive_data[secret]
  console.log(`incoming ${JSON.stringify(req.headers)}`)
  // ok: logging_sensitive_data
  logger.info({ ua: req.headers["user-agent"], len: req.body.messages.length }, "chat request")
  // ok: logging_sensitive_data
  console.log("header names", Object.keys(req.headers))
  res.json({ ok: true })
})
