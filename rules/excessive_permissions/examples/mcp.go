package main

import (
	"context"
	"os/exec"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func Clients() error {
	// ruleid: excessive_permissions
	disk, err := client.NewStdioMCPClient("npx", nil, "-y", "@modelcontextprotocol/server-filesystem", "/")
	if err != nil {
		return err
	}
	defer disk.Close()
	// ok: excessive_permissions
	project, err := client.NewStdioMCPClient("npx", nil, "-y", "@modelcontextprotocol/server-filesystem", "./workspace")
	if err != nil {
		return err
	}
	defer project.Close()
	return nil
}

func Server() *server.MCPServer {
	s := server.NewMCPServer("ops", "1.0.0")
	s.AddTool(mcp.NewTool("run_command", mcp.WithString("command", mcp.Required())), runCommand)
	s.AddTool(mcp.NewTool("git_status"), gitStatus)
	s.AddTool(mcp.NewTool("git_log"), gitLog)
	return s
}

func runCommand(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	command, err := req.RequireString("command")
	if err != nil {
		return nil, err
	}
	// ruleid: excessive_permissions
	out, err := exec.CommandContext(ctx, "bash", "-c", command).CombinedOutput()
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText(string(out)), nil
}

func gitStatus(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	// ok: excessive_permissions
	out, err := exec.CommandContext(ctx, "git", "status", "--short").Output()
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(out)), nil
}

func gitLog(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	branch := req.GetString("branch", "main")
	// ok: excessive_permissions
	out, err := exec.Command("git", "log", "--oneline", branch).Output()
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(out)), nil
}
