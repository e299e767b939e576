// Documents stored tagged by the tenant that owns them: the code knows the index is shared, so a
// search with no tenant filter returns other tenants' articles.
import { Document } from "@langchain/core/documents"
import { MemoryVectorStore } from "langchain/vectorstores/memory"
import { OpenAIEmbeddings } from "@langchain/openai"
import express from "express"

const store = new MemoryVectorStore(new OpenAIEmbeddings())
const app = express()

export async function indexArticle(tenantId: string, article: { id: string; body: string }): Promise<void> {
  const doc = new Document({ pageContent: article.body, metadata: { tenantId, articleId: article.id } })
  await store.addDocuments([doc])
}

app.post("/kb/ask", async (req, res) => {
  // ruleid: cross_tenant_leakage
  const matches = await store.similaritySearch(String(req.body.question), 5)
  res.json(matches.map((d) => d.pageContent))
})
