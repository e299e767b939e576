package ops

import (
	"context"
	"os/exec"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func restart(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	unit, _ := req.RequireString("unit")
	// ruleid: missing_audit_logging
	out, err := exec.CommandContext(ctx, "systemctl", "restart", unit).CombinedOutput()
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText(string(out)), nil
}

func status(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	// ok: missing_audit_logging
	return mcp.NewToolResultText("all units running"), nil
}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("restart"), restart)
	s.AddTool(mcp.NewTool("status"), status)
}
