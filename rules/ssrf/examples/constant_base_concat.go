// A URL built with + from a constant scheme-and-host prefix keeps its host; a bare scheme does not.
package tools

import (
	"context"
	"io"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
)

const registryAPI = "https://registry.example.com/v2/"
const scheme = "https://"

func ManifestTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	image := request.GetString("image", "")
	endpoint := registryAPI + image + "/manifests/latest"
	// ok: ssrf
	resp, err := http.Get(endpoint)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return mcp.NewToolResultText(string(body)), nil
}

func TagsTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	u := registryAPI
	u += request.GetString("image", "")
	// ok: ssrf
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return mcp.NewToolResultText(resp.Status), nil
}

func MirrorTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	host := request.GetString("host", "")
	// ruleid: ssrf
	resp, err := http.Get(scheme + host + "/index.json")
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return mcp.NewToolResultText(resp.Status), nil
}
