// A path joined from a directory and a tool's argument, then checked as a whole: the containment
// check of the joined, cleaned path covers every part of it.
package files

import (
	"context"
	"os"
	"path/filepath"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Files struct{ root string }

func (f *Files) read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, err := req.RequireString("name")
	if err != nil {
		return nil, err
	}
	p := filepath.Join(f.root, name)
	if !strings.HasPrefix(filepath.Clean(p), f.root) {
		return mcp.NewToolResultError("outside the root"), nil
	}
	// ok: path_traversal
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(data)), nil
}

func (f *Files) readBase(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	p := filepath.Join(f.root, filepath.Base(req.GetString("name", "")))
	if !strings.HasPrefix(filepath.Clean(p), f.root+string(filepath.Separator)) {
		return mcp.NewToolResultError("outside the root"), nil
	}
	// ok: path_traversal
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(data)), nil
}

func (f *Files) readLogged(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	p := filepath.Join(f.root, req.GetString("name", ""))
	// the check only logs: the read happens either way
	if !strings.HasPrefix(filepath.Clean(p), f.root) {
		println("outside the root:", p)
	}
	// ruleid: path_traversal
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(data)), nil
}

func Register(s *server.MCPServer, f *Files) {
	s.AddTool(mcp.NewTool("read"), f.read)
	s.AddTool(mcp.NewTool("read_base"), f.readBase)
	s.AddTool(mcp.NewTool("read_logged"), f.readLogged)
}
