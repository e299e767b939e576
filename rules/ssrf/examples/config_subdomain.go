package main

import (
	"context"
	"fmt"
	"net/http"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
)

var client = &http.Client{}

// the host is the configured subdomain of a fixed domain; the tool's argument lands in the path
func ticket(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id, err := req.RequireInt("ticket_id")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	url := fmt.Sprintf("https://%s.zendesk.com/api/v2/tickets/%d.json", os.Getenv("ZENDESK_SUBDOMAIN"), id)
	// ok: ssrf
	r, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	resp, err := client.Do(r)
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	defer resp.Body.Close()
	return mcp.NewToolResultText(resp.Status), nil
}

// the tool's argument is the subdomain: it picks the host
func workspace(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, err := req.RequireString("workspace")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	// ruleid: ssrf
	resp, err := http.Get(fmt.Sprintf("https://%s.%s/api/status", name, os.Getenv("BASE_DOMAIN")))
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	defer resp.Body.Close()
	return mcp.NewToolResultText(resp.Status), nil
}
