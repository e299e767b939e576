const express = require("express");
const pino = require("pino");

const logger = pino({ level: "info" });
const app = express();
app.use(express.json());

function maskToken(token) {
  if (!token || token.length < 16) return "[REDACTED]";
  return `${token.slice(0, 5)}…${token.slice(-4)}`;
}

app.post("/integrations/slack", (req, res) => {
  const { workspaceId, botToken } = req.body;
  // a masked token beside other request fields: the record holds no credential
  // ok: logging_sensitive_data
  logger.info({ workspaceId, token: maskToken(botToken) }, "slack integration connected");
  // ruleid: logging_sensitive_data
  logger.info({ workspaceId, token: botToken }, "slack integration raw");
  res.status(201).json({ ok: true });
});

module.exports = app;
