package rag

import (
	"context"

	"github.com/tmc/langchaingo/schema"
	"github.com/tmc/langchaingo/vectorstores"
)

// A single-tenant handbook search: nothing in the file scopes queries by tenant.
func Handbook(ctx context.Context, store vectorstores.VectorStore, q string) ([]schema.Document, error) {
	// ok: cross_tenant_leakage
	return store.SimilaritySearch(ctx, q, 4)
}
