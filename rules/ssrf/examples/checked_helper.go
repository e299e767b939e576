package main

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"

	"github.com/mark3labs/mcp-go/mcp"
)

var allowedHosts = map[string]bool{"status.example.com": true, "api.example.com": true}

// A helper that parses, returns the parse error, and refuses hosts outside the allow-list.
func allowedURL(raw string) (*url.URL, error) {
	target, err := url.Parse(raw)
	if err != nil {
		return nil, err
	}
	if _, ok := allowedHosts[target.Hostname()]; !ok {
		return nil, errors.New("host not allowed")
	}
	return target, nil
}

// The same helper without the allow-list.
func parsedURL(raw string) (*url.URL, error) {
	target, err := url.Parse(raw)
	if err != nil {
		return nil, err
	}
	return target, nil
}

func fetchStatus(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	target, err := allowedURL(req.GetString("url", ""))
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	// ok: ssrf
	resp, err := http.Get(target.String())
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return mcp.NewToolResultText(string(body)), nil
}

func fetchAny(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	target, err := parsedURL(req.GetString("url", ""))
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	// ruleid: ssrf
	resp, err := http.Get(target.String())
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return mcp.NewToolResultText(string(body)), nil
}
