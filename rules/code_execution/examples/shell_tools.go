package tools

import (
	"context"
	"os/exec"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("run", mcp.WithString("cmd", mcp.Required())),
		func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			cmd, err := request.RequireString("cmd")
			if err != nil {
				return nil, err
			}
			// ruleid: code_execution
			out, err := exec.CommandContext(ctx, "sh", "-c", cmd).CombinedOutput()
			if err != nil {
				return nil, err
			}
			return mcp.NewToolResultText(string(out)), nil
		})
	s.AddTool(mcp.NewTool("exec", mcp.WithString("bin", mcp.Required())),
		func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			bin, _ := request.RequireString("bin")
			// ruleid: code_execution
			out, err := exec.Command(bin).Output()
			if err != nil {
				return nil, err
			}
			return mcp.NewToolResultText(string(out)), nil
		})
}

func Build(target string) error {
	// ruleid: code_execution
	return exec.Command("bash", "-c", "make "+target).Run()
}

func GitStatus(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	branch, _ := request.RequireString("branch")
	// ok: code_execution
	out, err := exec.Command("git", "log", "--oneline", branch).Output()
	if err != nil {
		return nil, err
	}
	// ok: code_execution
	_ = exec.Command("sh", "-c", "uptime").Run()
	return mcp.NewToolResultText(string(out)), nil
}
