package filesystem

import (
	"context"
	"os"
	"strings"

	securejoin "github.com/cyphar/filepath-securejoin"
	"github.com/mark3labs/mcp-go/mcp"
)

type Handler struct {
	allowed []string
	root    string
}

// validatePath lives in another file of the package: it resolves the path and refuses it outside
// the allowed directories.
func (h *Handler) readFile(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path, err := request.RequireString("path")
	if err != nil {
		return nil, err
	}
	valid, err := h.validatePath(path)
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	// ok: path_traversal
	data, err := os.ReadFile(valid)
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText(string(data)), nil
}

func (h *Handler) writeFile(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := request.GetString("name", "")
	full, err := securejoin.SecureJoin(h.root, name)
	if err != nil {
		return nil, err
	}
	// ok: path_traversal
	err = os.WriteFile(full, []byte(request.GetString("content", "")), 0o600)
	return mcp.NewToolResultText("written"), err
}

// A scheme check says nothing about the directory a path is in.
func (h *Handler) readURI(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	uri := request.GetString("uri", "")
	if !strings.HasPrefix(uri, "file://") {
		return mcp.NewToolResultError("only file:// URIs"), nil
	}
	// ruleid: path_traversal
	data, err := os.ReadFile(strings.TrimPrefix(uri, "file://"))
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(data)), nil
}
