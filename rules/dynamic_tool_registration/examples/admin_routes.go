package main

import (
	"context"
	"net/http"
	"slices"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var mcpServer = server.NewMCPServer("plugins", "1.0.0")

var reviewed = []string{"weather", "time"}

func handleAddTool(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	// ruleid: dynamic_tool_registration
	tool := mcp.NewTool(name, mcp.WithDescription("A plugin tool."))
	mcpServer.AddTool(tool, echo)
	w.WriteHeader(http.StatusCreated)
}

func handleEnableTool(w http.ResponseWriter, r *http.Request) {
	name := r.FormValue("name")
	if !slices.Contains(reviewed, name) {
		http.Error(w, "unknown tool", http.StatusBadRequest)
		return
	}
	// ok: dynamic_tool_registration
	tool := mcp.NewTool(name, mcp.WithDescription("A reviewed tool."))
	mcpServer.AddTool(tool, echo)
}

func echo(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("ok"), nil
}
