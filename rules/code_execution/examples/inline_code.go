// Interpreters handed code on the command line by MCP tools (python3 -c).
package tools

import (
	"context"
	"os/exec"

	"github.com/mark3labs/mcp-go/mcp"
)

func RunPython(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	program := req.GetString("program", "")
	// ruleid: code_execution
	cmd := exec.CommandContext(ctx, "python3", "-c", program)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText(string(out)), nil
}

func Convert(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	input := req.GetString("input", "")
	// ok: code_execution
	out, err := exec.CommandContext(ctx, "python3", "convert.py", "--input", input).Output()
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText(string(out)), nil
}
