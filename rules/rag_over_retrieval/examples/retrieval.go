package rag

import (
	"context"

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
