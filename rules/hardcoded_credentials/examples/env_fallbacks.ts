import OpenAI from "openai";

// ruleid: hardcoded_credentials
const pineconeKey = process.env.PINECONE_API_KEY ?? "pc7Xk2mN9qR4tV8wB1zD6fH3jL5sA0gYc";
// ruleid: hardcoded_credentials
const slackToken = process.env.SLACK_BOT_TOKEN || "Hq4mZ8tR2vN6xK1wL9sD3fG7pJ0bC5aE";
// ok: hardcoded_credentials
const openaiKey = process.env.OPENAI_API_KEY ?? "";
// ok: hardcoded_credentials
const fallbackToken = process.env.GITHUB_TOKEN ?? "your-github-token-goes-here";

export const client = new OpenAI({ apiKey: openaiKey });
export const settings = { pineconeKey, slackToken, fallbackToken };
