// The scheme and host come from the environment; the caller chooses only an escaped path segment
// after the host's '/': not SSRF. A URL the caller writes, or data right after the host, still is.
package tools

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
)

var ordersAPI = os.Getenv("ORDERS_API")

func OrderTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := request.GetString("id", "")
	endpoint := ordersAPI + "/orders/" + url.PathEscape(id)
	// ok: ssrf
	resp, err := http.Get(endpoint)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return mcp.NewToolResultText(resp.Status), nil
}

func SearchTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	q := request.GetString("q", "")
	base := os.Getenv("SEARCH_API")
	// ok: ssrf
	resp, err := http.Get(base + "/search?q=" + url.QueryEscape(q))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return mcp.NewToolResultText(resp.Status), nil
}

func FetchTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	page := request.GetString("url", "")
	// ruleid: ssrf
	resp, err := http.Get(page + "/index.html")
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return mcp.NewToolResultText(resp.Status), nil
}

func SuffixTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	rest := request.GetString("rest", "")
	// ruleid: ssrf
	resp, err := http.Get(ordersAPI + rest)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return mcp.NewToolResultText(resp.Status), nil
}

func InvoiceTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := request.GetString("id", "")
	// ok: ssrf
	resp, err := http.Get(fmt.Sprintf("%s/invoices/%s", ordersAPI, url.PathEscape(id)))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return mcp.NewToolResultText(resp.Status), nil
}

func HostTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	host := request.GetString("host", "")
	// ruleid: ssrf
	resp, err := http.Get(fmt.Sprintf("https://%s/%s", host, ordersAPI))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return mcp.NewToolResultText(resp.Status), nil
}
