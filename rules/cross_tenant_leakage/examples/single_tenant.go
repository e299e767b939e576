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

// A demo that narrows one search by a constant filter held in a variable: no tenant is involved.
func Cities(ctx context.Context, store vectorstores.VectorStore) ([]schema.Document, error) {
	// ok: cross_tenant_leakage
	all, err := store.SimilaritySearch(ctx, "Japan", 0)
	if err != nil {
		return nil, err
	}
	filter := "\"area\" > 1500"
	// ok: cross_tenant_leakage
	big, err := store.SimilaritySearch(ctx, "Japan", 0, vectorstores.WithFilters(filter))
	return append(all, big...), err
}
