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
