package tools

import (
	"context"
	"net/http"
	"os"
	"path/filepath"

	"github.com/mark3labs/mcp-go/mcp"
)

func ReadFileTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path, err := request.RequireString("path")
	if err != nil {
		return nil, err
	}
	// ruleid: path_traversal
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(data)), nil
}

func DownloadHandler(w http.ResponseWriter, r *http.Request) {
	// ruleid: path_traversal
	http.ServeFile(w, r, filepath.Join("/srv/exports", r.URL.Query().Get("file")))
}

func SafeReadTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, _ := request.RequireString("path")
	root, err := os.OpenRoot("/srv/workspace")
	if err != nil {
		return nil, err
	}
	f, err := root.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// ok: path_traversal
	cfg, err := os.ReadFile("/etc/agent/config.yaml")
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(cfg)), nil
}
