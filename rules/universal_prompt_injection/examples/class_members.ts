import express from "express";
import OpenAI from "openai";

const app = express();
app.use(express.json());

class Concierge {
  private readonly client = new OpenAI();
  private readonly persona: string;

  constructor(hotel: string) {
    this.persona = `You are the concierge of ${hotel}. Recommend places nearby.`;
  }

  async reply(message: string) {
    return this.client.chat.completions.create({
      model: "gpt-4o-mini",
      messages: [
        // ruleid: universal_prompt_injection
        { role: "system", content: this.persona },
        { role: "user", content: message },
      ],
    });
  }
}

class FrontDesk {
  private readonly client = new OpenAI();
  private readonly persona: string;

  constructor() {
    this.persona = "You are the front desk assistant. Answer questions about check-in.";
  }

  async reply(message: string) {
    // ok: universal_prompt_injection
    return this.client.chat.completions.create({
      model: "gpt-4o-mini",
      messages: [
        { role: "system", content: this.persona },
        { role: "user", content: message },
      ],
    });
  }
}

app.post("/concierge", async (req, res) => {
  const bot = new Concierge(req.body.hotel);
  const desk = new FrontDesk();
  res.json({ a: await bot.reply(req.body.message), b: await desk.reply(req.body.message) });
});
