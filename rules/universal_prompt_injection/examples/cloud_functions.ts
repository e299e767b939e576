import { generateText } from "ai";
import { openai } from "@ai-sdk/openai";
import OpenAI from "openai";

const client = new OpenAI();
const HOUSE_STYLE = "You are ACME's release-notes writer. Never mention unreleased products.";

// an AWS Lambda handler: what API Gateway passes in is the request
export const handler = async (event, context) => {
  const { audience, notes } = JSON.parse(event.body ?? "{}");
  const { text } = await generateText({
    model: openai("gpt-4o-mini"),
    // ruleid: universal_prompt_injection
    system: `${HOUSE_STYLE} Write for ${audience}.`,
    prompt: notes,
  });
  return { statusCode: 200, body: text };
};

// the same shape, with the event's text only in the user's turn
export const safeHandler = async (event, context) => {
  const { notes } = JSON.parse(event.body ?? "{}");
  // ok: universal_prompt_injection
  const done = await client.chat.completions.create({ model: "gpt-4o-mini", messages: [{ role: "system", content: HOUSE_STYLE }, { role: "user", content: notes }] });
  return { statusCode: 200, body: done.choices[0].message.content };
};
