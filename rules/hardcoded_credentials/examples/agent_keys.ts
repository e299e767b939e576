import { createOpenAI } from "@ai-sdk/openai"
import { ChatAnthropic } from "@langchain/anthropic"
import OpenAI from "openai"

// ruleid: hardcoded_credentials
const openai = createOpenAI({ apiKey: "sk-proj-hMMB0K6xlTtLXEGmNcXiW4SWPue9jKCE6QG0H5YtohR_FULb-_W6S9lP72v1uIoU" })

export const browserClient = new OpenAI({
  // ruleid: hardcoded_credentials
  apiKey: "sk-svcacct-NFFA1VsFiiyJk9Xpl-WMonrRSbkit42vURGN4kSSCd18NSj3RGmV3ZJv",
  dangerouslyAllowBrowser: true,
})

const headers = {
  // ruleid: hardcoded_credentials
  "x-api-key": "7kfzb4dWCwt9jqNy4-6jBdQo6RJb5XIwuQ4GA353F17ju235",
  // ruleid: hardcoded_credentials
  Authorization: "Bearer eyJhbGciOiAiSFMyNTYiLCAidHlwIjogIkpXVCJ9.eyJzdWIiOiAic3ZjLXp2RmxNNmNIIiwgInJvbGUiOiAic2VydmljZSIsICJpYXQiOiAxNzE3MDAwMDAwfQ.kSCRTx5kRPFm4CnXH-093_Y6CylU1M9h2_louJ8gJa-",
}

// ruleid: hardcoded_credentials
const slack = "xoxb-342500090971-9306422741312-vjEEw735LIZwXzbBpnlKYc0l"
// ruleid: hardcoded_credentials
const stripeKey = "sk_live_Z6z7ytcua8NLlBSlkaomkz7eV2B0zU7V01mBLuMUTaJ8oDbO"
// ruleid: hardcoded_credentials
const sendgrid = "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"
// ruleid: hardcoded_credentials
const geminiKey = "AIzaN9T65d0sqr_8UZSDKmRvD33oP1WCauQeLaE"

// ok: hardcoded_credentials
const claude = new ChatAnthropic({ apiKey: process.env.ANTHROPIC_API_KEY })
// ok: hardcoded_credentials
const fromEnv = createOpenAI({ apiKey: process.env.OPENAI_API_KEY ?? "" })
// ok: hardcoded_credentials
const placeholder = createOpenAI({ apiKey: "sk-proj-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" })
// ok: hardcoded_credentials
const publishable = { publishableKey: "pk_live_R0nviO6cUXeDxsv7Fyg8Pd9CpZLmeeHNgDK6SMkE1VzGxvmY" }
// ok: hardcoded_credentials
const callId = { tool_call_id: "call_Lx18pOzBGj6Jmxrp5qt6HayW2HtT1L3D" }
// ok: hardcoded_credentials
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })
// ok: hardcoded_credentials
const integrity = "sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC"
// ok: hardcoded_credentials
const demoJwt = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"

export { openai, headers, slack, stripeKey, sendgrid, geminiKey, claude, fromEnv, placeholder, publishable, callId, bearer, integrity, demoJwt }

// ruleid: hardcoded_credentials
const ANTHROPIC_KEY = "sk-ant-api03-Rk2vX9mQ4tLb7NcW1pZy8HdF3sJg6AeU0oKi5TqM-xYw2BnC7aDfE4gH9jL1"
// ok: hardcoded_credentials
const SESSION_KEY = "support-agent:session"
export { ANTHROPIC_KEY, SESSION_KEY }
