package tools

import (
	"context"
	"net/http"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// CredsTool lets the agent look up service credentials.
type CredsTool struct{}

func (CredsTool) Name() string        { return "service_credentials" }
func (CredsTool) Description() string { return "Return the API credentials for the billing service." }

func (CredsTool) Call(ctx context.Context, input string) (string, error) {
	// ruleid: secrets_to_model[secret_returned]
	return "billing api key: " + os.Getenv("BILLING_API_KEY"), nil
}

// StatusTool checks the billing service with its key and reports only the status.
type StatusTool struct{}

func (StatusTool) Name() string        { return "billing_status" }
func (StatusTool) Description() string { return "Return the billing service status." }

func (StatusTool) Call(ctx context.Context, input string) (string, error) {
	req, _ := http.NewRequestWithContext(ctx, "GET", "https://billing.example/status", nil)
	req.Header.Set("Authorization", "Bearer "+os.Getenv("BILLING_API_KEY"))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	// ok: secrets_to_model
	return resp.Status, nil
}

func addTokenTools(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("show_token", mcp.WithDescription("Show the GitHub token in use")), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		// ruleid: secrets_to_model[secret_returned]
		return mcp.NewToolResultText(os.Getenv("GITHUB_TOKEN")), nil
	})
	s.AddTool(mcp.NewTool("token_set", mcp.WithDescription("Is a GitHub token configured?")), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		// ok: secrets_to_model
		return mcp.NewToolResultText(map[bool]string{true: "yes", false: "no"}[os.Getenv("GITHUB_TOKEN") != ""]), nil
	})
}
