// A client whose base URL is a constant set by its constructor keeps that host in the URLs it builds;
// one whose base URL comes from the caller, or whose path part is a whole URL, does not.
package tools

import (
	"context"
	"io"
	"net/http"
	"net/url"

	"github.com/mark3labs/mcp-go/mcp"
)

const statusAPI = "https://status.example.com"

type Notifier struct {
	baseURL string
	client  *http.Client
}

func NewNotifier() *Notifier {
	return &Notifier{baseURL: "https://api.example.com", client: http.DefaultClient}
}

func (n *Notifier) StatusTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	slug := request.GetString("slug", "")
	// ok: ssrf
	resp, err := http.Get(n.baseURL + "/status/" + url.PathEscape(slug))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return mcp.NewToolResultText(string(body)), nil
}

func (n *Notifier) MirrorTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	target := request.GetString("url", "")
	// ruleid: ssrf
	resp, err := http.Get(target + n.baseURL)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return mcp.NewToolResultText(resp.Status), nil
}

type Pager struct {
	base string
}

func NewPager() *Pager {
	return &Pager{base: statusAPI}
}

func (p *Pager) PageTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := request.GetString("id", "")
	// ok: ssrf
	resp, err := http.Get(p.base + "/pages/" + url.PathEscape(id))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return mcp.NewToolResultText(resp.Status), nil
}

// the base URL is set from what the tool receives
type Fetcher struct {
	base string
}

func (f *Fetcher) FetchTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	f.base = request.GetString("endpoint", "")
	// ruleid: ssrf
	resp, err := http.Get(f.base + "/items")
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return mcp.NewToolResultText(resp.Status), nil
}
