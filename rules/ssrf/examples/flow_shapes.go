package tools

import (
	"context"
	"io"
	"net/http"
	"net/url"

	"github.com/mark3labs/mcp-go/mcp"
)

var allowed = map[string]bool{"api.example.com": true}

func FetchTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	raw := request.GetString("url", "")
	u, err := url.Parse(raw)
	if err != nil || !allowed[u.Host] {
		return nil, err
	}
	// ok: ssrf
	resp, err := http.Get(raw)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return mcp.NewToolResultText(string(body)), nil
}

func ProxyTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	target := request.GetString("url", "")
	// ruleid: ssrf
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return mcp.NewToolResultText(resp.Status), nil
}
