package tools

import (
	"context"
	"os"
	"path/filepath"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
)

const workspace = "/srv/workspace"

func ReadTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := request.GetString("name", "")
	full := filepath.Join(workspace, name)
	// ruleid: path_traversal
	data, err := os.ReadFile(full)
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(data)), nil
}

func SafeReadTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := request.GetString("name", "")
	full := filepath.Join(workspace, name)
	rel, err := filepath.Rel(workspace, full)
	if err != nil || strings.HasPrefix(rel, "..") {
		return mcp.NewToolResultError("outside the workspace"), nil
	}
	// ok: path_traversal
	data, err := os.ReadFile(full)
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(data)), nil
}
