// Credentials a request carries are secrets too: they must not reach the log.
import express from "express"
import { authenticate } from "./auth"

const app = express()
app.use(express.json())

app.post("/session", (req, res) => {
  const auth = req.headers.authorization
  // ruleid: logging_sensitive_data[secret]
  console.info("session for", { auth, path: req.path })
  // ok: logging_sensitive_data
  console.info("session for", req.path, "authenticated:", Boolean(auth))
  // ruleid: logging_sensitive_data[secret]
  console.log("login", req.body.username, req.body.password)
  // ok: logging_sensitive_data
  console.log("completion", req.body.maxTokens, req.body.max_tokens, req.body.username)
  res.sendStatus(204)
})

// the whole body is logged, and the handler reads its password: the log line carries it
app.post("/login", async (req, res) => {
  const attempt = { ...req.body, ip: req.ip }
  // ruleid: logging_sensitive_data[secret]
  console.info(`login attempt ${JSON.stringify(attempt)}`)
  const user = await authenticate(attempt.email, attempt.password)
  // ok: logging_sensitive_data
  console.info(`login for ${attempt.email}`)
  res.json({ ok: Boolean(user) })
})
