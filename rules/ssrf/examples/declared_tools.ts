// Tools declared to the model as data and run by the application's own dispatcher: the declared
// function's parameters (and a dispatch table's handler under the declared name) are the model's.
import Anthropic from "@anthropic-ai/sdk";

const anthropic = new Anthropic();
const ALLOWED = new Set(["api.example.com"]);

const tools = [
  { name: "fetch_url", description: "Fetch a page", input_schema: { type: "object", properties: { href: { type: "string" } } } },
  { name: "ping_api", description: "Ping our API", input_schema: { type: "object", properties: { path: { type: "string" } } } },
];

async function fetchPage(href: string): Promise<string> {
  // ruleid: ssrf
  const res = await fetch(href);
  return res.text();
}

async function pingApi(path: string): Promise<number> {
  // ok: ssrf
  const res = await fetch(`https://api.example.com/${encodeURIComponent(path)}`);
  return res.status;
}

async function checked(href: string): Promise<string> {
  if (!ALLOWED.has(new URL(href).hostname)) throw new Error("host not allowed");
  // ok: ssrf
  return (await fetch(href)).text();
}

const handlers: Record<string, (input: any) => Promise<unknown>> = {
  fetch_url: (input) => fetchPage(input.href),
  ping_api: (input) => pingApi(input.path),
};

export async function turn(messages: Anthropic.MessageParam[]) {
  const reply = await anthropic.messages.create({ model: "claude-3-5-haiku-latest", max_tokens: 500, tools, messages });
  for (const block of reply.content) {
    if (block.type === "tool_use") await handlers[block.name]!(block.input);
  }
  return checked("https://api.example.com/health");
}
