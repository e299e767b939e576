// A request field checked as a key of a frozen table before it reaches the system message: through
// `Object.prototype.hasOwnProperty.call`, `Object.hasOwn`, or a variable that holds the entry only
// when the check held (`const guide = has(...) ? GUIDES[tone] : null; if (!guide) return`).
const express = require("express");
const OpenAI = require("openai");

const openai = new OpenAI();
const app = express();
const GUIDES = Object.freeze({ friendly: "Warm and approachable.", formal: "Polished and professional." });

function instructionsFor(tone) {
  const guide = Object.prototype.hasOwnProperty.call(GUIDES, tone) ? GUIDES[tone] : null;
  if (!guide) return null;
  return `Rewrite the user's text. Target tone (${tone}): ${guide}`;
}

function looseInstructions(tone) {
  const guide = GUIDES[tone] || GUIDES.friendly;
  return `Rewrite the user's text. Target tone (${tone}): ${guide}`;
}

app.post("/rewrite", async (req, res) => {
  const { tone = "friendly", text } = req.body;
  const system = instructionsFor(tone);
  if (!system) return res.status(400).json({ error: "unknown tone" });
  const out = await openai.chat.completions.create({
    model: "gpt-4o-mini",
    max_tokens: 800,
    messages: [
      // ok: universal_prompt_injection
      { role: "system", content: system },
      { role: "user", content: text },
    ],
  });
  res.json({ text: out.choices[0].message.content });
});

app.post("/rewrite-own", async (req, res) => {
  const { tone, text } = req.body;
  if (!Object.hasOwn(GUIDES, tone)) return res.status(400).json({ error: "unknown tone" });
  const out = await openai.chat.completions.create({
    model: "gpt-4o-mini",
    max_tokens: 800,
    messages: [
      // ok: universal_prompt_injection
      { role: "system", content: `Use the ${tone} tone.` },
      { role: "user", content: text },
    ],
  });
  res.json({ text: out.choices[0].message.content });
});

app.post("/rewrite-loose", async (req, res) => {
  const { tone, text } = req.body;
  const out = await openai.chat.completions.create({
    model: "gpt-4o-mini",
    max_tokens: 800,
    messages: [
      // ruleid: universal_prompt_injection
      { role: "system", content: looseInstructions(tone) },
      { role: "user", content: text },
    ],
  });
  res.json({ text: out.choices[0].message.content });
});
