package rag

import (
	"context"

	"github.com/cloudwego/eino-ext/components/retriever/milvus"
	"github.com/tmc/langchaingo/schema"
	"github.com/tmc/langchaingo/vectorstores"
)

func Retrieve(ctx context.Context, store vectorstores.VectorStore, q string) ([]schema.Document, error) {
	// ruleid: rag_over_retrieval
	retriever := vectorstores.ToRetriever(store, 100)
	_ = retriever
	// ok: rag_over_retrieval
	narrow := vectorstores.ToRetriever(store, 5)
	_ = narrow
	// ruleid: rag_over_retrieval
	return store.SimilaritySearch(ctx, q, 500)
}

func Small(ctx context.Context, store vectorstores.VectorStore, q string) ([]schema.Document, error) {
	// ok: rag_over_retrieval
	return store.SimilaritySearch(ctx, q, 4)
}

func All(ctx context.Context, store vectorstores.VectorStore, q string, docs []schema.Document) ([]schema.Document, error) {
	// ruleid: rag_over_retrieval
	return store.SimilaritySearch(ctx, q, len(docs))
}

func Options(ctx context.Context, store vectorstores.VectorStore, q string) ([]schema.Document, error) {
	// ruleid: rag_over_retrieval
	wide := vectorstores.ToRetriever(store, 80, vectorstores.WithScoreThreshold(0.2))
	_ = wide
	// ok: rag_over_retrieval
	return store.SimilaritySearch(ctx, q, 8, vectorstores.WithScoreThreshold(0.5))
}

func Configured(ctx context.Context) (*milvus.RetrieverConfig, *milvus.RetrieverConfig) {
	// ruleid: rag_over_retrieval
	wide := &milvus.RetrieverConfig{Collection: "docs", TopK: 200}
	// ok: rag_over_retrieval
	narrow := &milvus.RetrieverConfig{Collection: "docs", TopK: 6}
	return wide, narrow
}
