// A route that calls a chat model itself is the model endpoint's finding; one running an agent the
// agent endpoint's.
import express from "express";
import { ChatOpenAI } from "@langchain/openai";
import { createReactAgent } from "@langchain/langgraph/prebuilt";

const app = express();
app.use(express.json());
const model = new ChatOpenAI({ model: "gpt-4o-mini", maxTokens: 300 });
const agent = createReactAgent({ llm: model, tools: [] });

app.post("/summarise", async (req, res) => {
  // ruleid: missing_authorization[unauthenticated_model_endpoint]
  const out = await model.invoke(`Summarise: ${req.body.text}`);
  res.json({ summary: out.content });
});

app.post("/agent", async (req, res) => {
  // ruleid: missing_authorization[unauthenticated_agent_endpoint]
  const out = await agent.invoke({ messages: [{ role: "user", content: req.body.text }] });
  res.json(out);
});
