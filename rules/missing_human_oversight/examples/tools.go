package agent

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/components/tool/utils"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type PathInput struct {
	Path string `json:"path"`
}

func Tools() ([]tool.BaseTool, error) {
	del, err := utils.InferTool("delete_file", "Delete a file from the workspace", func(ctx context.Context, in *PathInput) (string, error) {
		// ruleid: missing_human_oversight
		return "deleted", os.RemoveAll(filepath.Join("/srv/workspace", in.Path))
	})
	if err != nil {
		return nil, err
	}
	read, err := utils.InferTool("read_file", "Read a file from the workspace", func(ctx context.Context, in *PathInput) (string, error) {
		// ok: missing_human_oversight
		b, err := os.ReadFile(in.Path)
		return string(b), err
	})
	return []tool.BaseTool{del, read}, err
}

func runCommand(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	command, _ := req.RequireString("command")
	// ruleid: missing_human_oversight
	out, err := exec.CommandContext(ctx, "sh", "-c", command).CombinedOutput()
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText(string(out)), nil
}

func gitStatus(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	// ok: missing_human_oversight
	out, err := exec.CommandContext(ctx, "git", "status", "--short").Output()
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(out)), nil
}

func sendMessage(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	text, _ := req.RequireString("text")
	// ok: missing_human_oversight
	return mcp.NewToolResultText("draft: " + text), nil
}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("run_command"), runCommand)
	s.AddTool(mcp.NewTool("git_status"), gitStatus)
	s.AddTool(mcp.NewTool("send_message"), sendMessage)
}
