package webtools

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"

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

const apiRoot = "https://api.github.com/"

// A prefix that ends the host with `/` fixes the host the request goes to.
func githubGet(ctx context.Context, _ *mcp.CallToolRequest, args getArgs) (*mcp.CallToolResult, any, error) {
	if !strings.HasPrefix(args.Address, apiRoot) {
		return nil, nil, errors.New("only GitHub API URLs")
	}
	// ok: ssrf
	resp, err := http.Get(args.Address)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	return &mcp.CallToolResult{}, nil, nil
}

// Without the `/`, `https://api.github.com.evil.io/` passes the check.
func githubGetLoose(ctx context.Context, _ *mcp.CallToolRequest, args getArgs) (*mcp.CallToolResult, any, error) {
	if !strings.HasPrefix(args.Address, "https://api.github.com") {
		return nil, nil, errors.New("only GitHub API URLs")
	}
	// ruleid: ssrf
	resp, err := http.Get(args.Address)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	return &mcp.CallToolResult{}, nil, nil
}

func RegisterGitHub(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "github_get"}, githubGet)
	mcp.AddTool(s, &mcp.Tool{Name: "github_get_loose"}, githubGetLoose)
}

// Requiring https still lets the model pick any host.
func httpsOnly(ctx context.Context, _ *mcp.CallToolRequest, args getArgs) (*mcp.CallToolResult, any, error) {
	u, err := url.Parse(args.Address)
	if err != nil {
		return nil, nil, err
	}
	if u.Scheme != "https" {
		return nil, nil, errors.New("https only")
	}
	// ruleid: ssrf
	resp, err := http.Get(u.String())
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	return &mcp.CallToolResult{}, nil, nil
}

var docHosts = map[string]bool{"pkg.go.dev": true}

func docsOnly(ctx context.Context, _ *mcp.CallToolRequest, args getArgs) (*mcp.CallToolResult, any, error) {
	u, err := url.Parse(args.Address)
	if err != nil {
		return nil, nil, err
	}
	if u.Scheme != "https" || !docHosts[u.Hostname()] {
		return nil, nil, errors.New("not an allowed documentation host")
	}
	// ok: ssrf
	resp, err := http.Get(u.String())
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	return &mcp.CallToolResult{}, nil, nil
}

func RegisterChecked(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "https_only"}, httpsOnly)
	mcp.AddTool(s, &mcp.Tool{Name: "docs_only"}, docsOnly)
}
