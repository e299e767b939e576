import { Pinecone } from "@pinecone-database/pinecone"
import type { VectorStore } from "@langchain/core/vectorstores"
import express from "express"

declare const store: VectorStore
declare function currentUser(req: express.Request): { tenantId: string }

const pinecone = new Pinecone()
const index = pinecone.index("kb")
const app = express()

app.post("/ask", async (req, res) => {
  const user = currentUser(req)
  // ruleid: cross_tenant_leakage
  const all = await store.similaritySearch(req.body.question, 4)
  // ok: cross_tenant_leakage
  const mine = await store.similaritySearch(req.body.question, 4, { tenantId: user.tenantId })
  const spoofable = await store.similaritySearch(req.body.question, 4, {
    // ruleid: cross_tenant_leakage
    filter: { tenantId: req.body.tenantId },
  })
  // ruleid: cross_tenant_leakage
  const raw = await index.query({ vector: req.body.vector, topK: 5 })
  // ok: cross_tenant_leakage
  const scoped = await index.namespace(user.tenantId).query({ vector: req.body.vector, topK: 5 })
  res.json({ all, mine, spoofable, raw, scoped })
})
