// Keys of services agent stacks wire in (vector stores, model providers, tracing), written into code.
import { Pinecone } from "@pinecone-database/pinecone";
import OpenAI from "openai";
import { Langfuse } from "langfuse";

// ruleid: hardcoded_credentials
const pc = new Pinecone({ apiKey: "pcsk_C3J27X_DCG2LmlZGEONYlgCtjfIZ4SOcMz9CPVNPkNa1Hedcm4pMbXDuCL1mHoOsFaQfD" });

const perplexity = new OpenAI({
  baseURL: "https://api.perplexity.ai",
  // ruleid: hardcoded_credentials
  apiKey: "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",
});

// ruleid: hardcoded_credentials
const GROK_KEY = "xai-ftva9AW7hipTgadDZFlRJmCGmUXiAPyhzAnar3ZLt4bnlz2MPKgcjnCqaXNv1syeefnLOpaMxxNDi9LE";
export const grok = new OpenAI({ baseURL: "https://api.x.ai/v1", apiKey: GROK_KEY });

export const langfuse = new Langfuse({
  publicKey: process.env.LANGFUSE_PUBLIC_KEY,
  // ruleid: hardcoded_credentials
  secretKey: "sk-lf-4c549776-56cf-2d13-3187-c8df95247f28",
});

// ok: hardcoded_credentials
export const fromEnv = new Pinecone({ apiKey: process.env.PINECONE_API_KEY ?? "pcsk_your_key_here" });
export { pc, perplexity };
