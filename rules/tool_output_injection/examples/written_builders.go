package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
)

var httpClient = &http.Client{Timeout: 10 * time.Second}

type comment struct {
	AuthorID int64  `json:"author_id"`
	Body     string `json:"body"`
}

// comments customers wrote, fetched with the client's Do and written into a builder with Fprintf
func ticketComments(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id, err := req.RequireInt("ticket_id")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	endpoint := fmt.Sprintf("https://%s.zendesk.com/api/v2/tickets/%d/comments.json", os.Getenv("ZENDESK_SUBDOMAIN"), id)
	httpReq, _ := http.NewRequestWithContext(ctx, http.MethodGet, endpoint, nil)
	resp, err := httpClient.Do(httpReq)
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	defer resp.Body.Close()
	var payload struct {
		Comments []comment `json:"comments"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&payload); err != nil {
		return mcp.NewToolResultError("bad response"), nil
	}
	var b strings.Builder
	for _, c := range payload.Comments {
		fmt.Fprintf(&b, "[author %d] %s\n\n", c.AuthorID, c.Body)
	}
	// ruleid: tool_output_injection
	return mcp.NewToolResultText(b.String()), nil
}

// only the count of comments goes back
func commentCount(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.DefaultClient.Do(nil)
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	defer resp.Body.Close()
	var payload struct {
		Comments []comment `json:"comments"`
	}
	_ = json.NewDecoder(resp.Body).Decode(&payload)
	var b strings.Builder
	fmt.Fprintf(&b, "%d comments", len(payload.Comments))
	// ok: tool_output_injection
	return mcp.NewToolResultText(b.String()), nil
}
