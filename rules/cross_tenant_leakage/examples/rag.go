package rag

import (
	"context"

	"github.com/tmc/langchaingo/schema"
	"github.com/tmc/langchaingo/vectorstores"
)

type Principal struct {
	TenantID string
}

func Search(ctx context.Context, store vectorstores.VectorStore, p Principal, q string) ([]schema.Document, []schema.Document, error) {
	// ruleid: cross_tenant_leakage
	all, err := store.SimilaritySearch(ctx, q, 4)
	if err != nil {
		return nil, nil, err
	}
	// ok: cross_tenant_leakage
	mine, err := store.SimilaritySearch(ctx, q, 4, vectorstores.WithFilters(map[string]any{"tenant_id": p.TenantID}))
	return all, mine, err
}
