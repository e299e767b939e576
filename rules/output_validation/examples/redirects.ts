// Redirects to model-written URLs (Express, Next.js); a lookup table or an allow-listed host is silent.
import express from "express";
import OpenAI from "openai";
import { redirect } from "next/navigation";
import { generateText } from "ai";
import { openai } from "@ai-sdk/openai";

const app = express();
const client = new OpenAI();
const ROUTES: Record<string, string> = { pricing: "/pricing", docs: "/docs" };
const HOSTS = new Set(["docs.example.com"]);

app.get("/ask-and-go", async (req, res) => {
  const completion = await client.chat.completions.create({
    model: "gpt-4o-mini",
    max_tokens: 40,
    messages: [{ role: "user", content: `URL for ${String(req.query.q)}` }],
  });
  const dest = completion.choices[0].message.content ?? "/";
  // ruleid: output_validation[redirect]
  res.redirect(dest);
});

app.get("/section", async (req, res) => {
  const completion = await client.chat.completions.create({
    model: "gpt-4o-mini",
    max_tokens: 5,
    messages: [{ role: "user", content: `pricing or docs? ${String(req.query.q)}` }],
  });
  const key = (completion.choices[0].message.content ?? "").trim();
  // ok: output_validation
  res.redirect(ROUTES[key] ?? "/");
});

export async function goToAnswer(question: string) {
  const { text } = await generateText({ model: openai("gpt-4o-mini"), maxTokens: 40, prompt: `A URL for ${question}` });
  // ruleid: output_validation[redirect]
  redirect(text);
}

export async function goToCheckedAnswer(question: string) {
  const { text } = await generateText({ model: openai("gpt-4o-mini"), maxTokens: 40, prompt: `A URL for ${question}` });
  if (!HOSTS.has(new URL(text).hostname)) return;
  // ok: output_validation
  redirect(text);
}
