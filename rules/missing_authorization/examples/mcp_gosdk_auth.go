package main

import (
	"context"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func verify(ctx context.Context, token string, req *http.Request) (*auth.TokenInfo, error) {
	return nil, auth.ErrInvalidToken
}

func main() {
	server := mcp.NewServer(&mcp.Implementation{Name: "notes", Version: "1.0.0"}, nil)
	// ok: missing_authorization
	handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, nil)
	protected := auth.RequireBearerToken(verify, nil)(handler)
	_ = http.ListenAndServe(":8080", protected)
}
