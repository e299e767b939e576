import { MemoryVectorStore } from "langchain/vectorstores/memory"
import { OpenAIEmbeddings } from "@langchain/openai"
import { Pinecone } from "@pinecone-database/pinecone"

const store = new MemoryVectorStore(new OpenAIEmbeddings())
const index = new Pinecone().index("docs")

export async function retrieve(question: string, vector: number[]) {
  // ruleid: rag_over_retrieval
  const retriever = store.asRetriever(100)
  // ok: rag_over_retrieval
  const small = store.asRetriever(4)
  // ruleid: rag_over_retrieval
  const hits = await index.query({ vector, topK: 1000, includeMetadata: true })
  // ok: rag_over_retrieval
  const few = await index.query({ vector, topK: 5, includeMetadata: true })
  // ruleid: rag_over_retrieval
  const docs = await store.similaritySearch(question, 250)
  return { retriever, small, hits, few, docs }
}

import express from "express"

const app = express()
app.get("/search", async (req, res) => {
  const k = Number(req.query.k ?? 4)
  // ruleid: rag_over_retrieval[from_request]
  const docs = await store.similaritySearch(String(req.query.q), k)
  // ok: rag_over_retrieval
  const capped = await store.similaritySearch(String(req.query.q), Math.min(k, 10))
  res.json({ docs, capped })
})

export async function everything(question: string, corpus: string[]) {
  // ruleid: rag_over_retrieval
  return store.similaritySearch(question, corpus.length)
}
