import OpenAI from "openai"
import pino from "pino"

const logger = pino()
const openai = new OpenAI()
const config = { githubToken: process.env.GITHUB_TOKEN, model: process.env.OPENAI_MODEL ?? "gpt-4o" }

function redact(secret: string | undefined): string {
  return secret === undefined ? "unset" : `${secret.slice(0, 4)}…`
}

export function start() {
  const { githubToken } = config
  // ruleid: logging_sensitive_data[secret]
  logger.info(`starting with GitHub token ${githubToken}`)
  // ruleid: logging_sensitive_data[secret]
  console.warn("config", config.githubToken)
  // ok: logging_sensitive_data
  console.info("model", config.model)
  // ok: logging_sensitive_data
  logger.info(`GitHub token ${redact(githubToken)}`)
  // ok: logging_sensitive_data
  console.log("key suffix", process.env.OPENAI_API_KEY?.slice(-4))
}

export async function summarise(userText: string) {
  const prompt = `You are a summarisation assistant. Summarise for the user: ${userText}`
  // ruleid: logging_sensitive_data[prompt]
  console.debug("prompt", prompt)
  const res = await openai.responses.create({ model: "gpt-4o", input: prompt })
  // ok: logging_sensitive_data
  console.debug("output length", res.output_text.length)
  return res.output_text
}
