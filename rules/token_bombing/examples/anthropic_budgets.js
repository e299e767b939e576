// Anthropic's Messages API always takes max_tokens: the question is where the number comes from.
import Anthropic from "@anthropic-ai/sdk";
import Fastify from "fastify";

const anthropic = new Anthropic();
const app = Fastify();
const CEILING = 1024;

async function summarize(text, budget) {
  const response = await anthropic.messages.create({
    // ruleid: token_bombing[request_cap]
    max_tokens: budget,
    model: "claude-3-5-haiku-latest",
    messages: [{ role: "user", content: text }],
  });
  return response.content;
}

app.post("/summaries", async (request) => {
  const { text, lengthBudget } = request.body;
  return summarize(text, lengthBudget);
});

app.post("/summaries-capped", async (request) => {
  const { text, lengthBudget } = request.body;
  const response = await anthropic.messages.create({
    // ok: token_bombing
    max_tokens: Math.min(Number(lengthBudget) || 256, CEILING),
    model: "claude-3-5-haiku-latest",
    messages: [{ role: "user", content: text }],
  });
  return response.content;
});
