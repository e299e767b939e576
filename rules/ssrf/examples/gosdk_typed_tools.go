package webtools

import (
	"context"
	"io"
	"net/http"
	"net/url"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type getArgs struct {
	Address string `json:"address"`
	Query   string `json:"query"`
}

func get(ctx context.Context, _ *mcp.CallToolRequest, args getArgs) (*mcp.CallToolResult, any, error) {
	// ruleid: ssrf
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, args.Address, nil)
	if err != nil {
		return nil, nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(b)}}}, nil, nil
}

func search(ctx context.Context, _ *mcp.CallToolRequest, args getArgs) (*mcp.CallToolResult, any, error) {
	// ok: ssrf
	resp, err := http.Get("https://search.example.com/v1?q=" + url.QueryEscape(args.Query))
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	return &mcp.CallToolResult{}, nil, nil
}

func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "get"}, get)
	mcp.AddTool(s, &mcp.Tool{Name: "search"}, search)
}
