package main

import (
	"context"
	"os"
	"os/exec"
	"slices"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
)

var allowedSettings = []string{"TZ", "LOG_LEVEL", "REGION"}

func handleGetEnv(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, _ := req.RequireString("name")
	// ruleid: secrets_to_model[chosen_variable]
	return mcp.NewToolResultText(os.Getenv(name)), nil
}

func handleDump(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	// ruleid: secrets_to_model[whole_environment]
	return mcp.NewToolResultText(strings.Join(os.Environ(), "\n")), nil
}

func handleSetting(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, _ := req.RequireString("name")
	if !slices.Contains(allowedSettings, name) {
		return mcp.NewToolResultError("unknown setting"), nil
	}
	// ok: secrets_to_model
	return mcp.NewToolResultText(os.Getenv(name)), nil
}

func databaseURL(variable string) string {
	// ok: secrets_to_model
	return os.Getenv(variable)
}

func childEnv() []string {
	// ok: secrets_to_model
	return os.Environ()
}

func handleBuild(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	cmd := exec.CommandContext(ctx, "make", "build")
	// ok: secrets_to_model
	cmd.Env = append(os.Environ(), "CI=1")
	out, _ := cmd.Output()
	return mcp.NewToolResultText(string(out)), nil
}
