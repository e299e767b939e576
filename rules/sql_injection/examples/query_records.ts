import { BigQuery } from "@google-cloud/bigquery";
import { Pinecone } from "@pinecone-database/pinecone";
import OpenAI from "openai";
import { tool } from "ai";
import { z } from "zod";

const bigquery = new BigQuery();
const pc = new Pinecone({ apiKey: process.env.PINECONE_API_KEY! });
const openai = new OpenAI();
const docs = pc.index("docs");

export const salesByRegion = tool({
  description: "Sales for a region",
  parameters: z.object({ region: z.string() }),
  execute: async ({ region }) => {
    // ruleid: sql_injection
    const [rows] = await bigquery.query({ query: `SELECT SUM(total) FROM sales WHERE region = '${region}'` });
    return rows;
  },
});

export const salesByRegionBound = tool({
  description: "Sales for a region",
  parameters: z.object({ region: z.string() }),
  execute: async ({ region }) => {
    // ok: sql_injection
    const [rows] = await bigquery.query({ query: "SELECT SUM(total) FROM sales WHERE region = @region", params: { region } });
    return rows;
  },
});

export const searchDocs = tool({
  description: "Search the documentation",
  parameters: z.object({ question: z.string(), team: z.string() }),
  execute: async ({ question, team }) => {
    const emb = await openai.embeddings.create({ model: "text-embedding-3-small", input: question });
    // ok: sql_injection
    const found = await docs.namespace(team).query({ vector: emb.data[0].embedding, topK: 5, includeMetadata: true });
    return found.matches.map((m) => m.metadata?.text);
  },
});
