package fstools

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type saveArgs struct {
	Target string `json:"target"`
	Body   string `json:"body"`
}

type Workspace struct{ Root string }

func (w *Workspace) save(ctx context.Context, req *mcp.CallToolRequest, args saveArgs) (*mcp.CallToolResult, any, error) {
	// ruleid: path_traversal
	if err := os.WriteFile(args.Target, []byte(args.Body), 0o600); err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{}, nil, nil
}

func (w *Workspace) saveInside(ctx context.Context, req *mcp.CallToolRequest, args saveArgs) (*mcp.CallToolResult, any, error) {
	full := filepath.Join(w.Root, args.Target)
	rel, err := filepath.Rel(w.Root, full)
	if err != nil || strings.HasPrefix(rel, "..") {
		return nil, nil, errors.New("outside the workspace")
	}
	// ok: path_traversal
	err = os.WriteFile(full, []byte(args.Body), 0o600)
	return &mcp.CallToolResult{}, nil, err
}

func (w *Workspace) Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "save"}, w.save)
	mcp.AddTool(s, &mcp.Tool{Name: "save_inside"}, w.saveInside)
}

type readArgs struct {
	Path string `json:"path"`
}

// The go-sdk's early handler shape, registered in another file: its parameters name it an MCP tool.
func readEarly(ctx context.Context, ss *mcp.ServerSession, params *mcp.CallToolParamsFor[readArgs]) (*mcp.CallToolResultFor[any], error) {
	// ruleid: path_traversal
	b, err := os.ReadFile(params.Arguments.Path)
	if err != nil {
		return nil, err
	}
	return &mcp.CallToolResultFor[any]{Content: []mcp.Content{&mcp.TextContent{Text: string(b)}}}, nil
}
