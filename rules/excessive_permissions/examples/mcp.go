package main

import (
	"context"

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
	// ruleid: excessive_permissions
	s.AddTool(mcp.NewTool("run_command", mcp.WithString("command", mcp.Required())), runCommand)
	// ok: excessive_permissions
	s.AddTool(mcp.NewTool("git_status"), gitStatus)
	return s
}

func runCommand(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("ok"), nil
}

func gitStatus(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("clean"), nil
}
