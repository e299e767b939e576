package tools

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"

	"github.com/mark3labs/mcp-go/mcp"
)

const baseURL = "https://api.example.com"

func FetchTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	target, err := request.RequireString("url")
	if err != nil {
		return nil, err
	}
	// ruleid: ssrf
	resp, err := http.Get(target)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return mcp.NewToolResultText(string(body)), nil
}

func ProxyHandler(w http.ResponseWriter, r *http.Request) {
	// ruleid: ssrf
	req, _ := http.NewRequestWithContext(r.Context(), http.MethodGet, r.URL.Query().Get("u"), nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	io.Copy(w, resp.Body)
}

func IssueTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id, _ := request.RequireString("id")
	// ok: ssrf
	resp, err := http.Get(fmt.Sprintf("https://api.github.com/repos/acme/app/issues/%s", url.PathEscape(id)))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	// ok: ssrf
	resp2, err := http.Get(baseURL + "/status")
	if err != nil {
		return nil, err
	}
	defer resp2.Body.Close()
	return mcp.NewToolResultText("ok"), nil
}
