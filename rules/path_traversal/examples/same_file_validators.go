// validatePath / ValidatePath written in this file are judged by their bodies: one that returns the
// path unchanged confines nothing, whatever it is called; one that resolves the path and refuses it
// outside the allowed directories (through a predicate method) confines it. A validator of another
// package (or of another file of this one) is trusted by its name: its body is not in this file.
package files

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"example.com/app/paths"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Handler struct{ allowed []string }

// validatePath only reports the path it was given: nothing is checked.
func validatePath(p string) (string, error) {
	fmt.Println("validating", p)
	return p, nil
}

// ValidatePath resolves the path and refuses it unless it lies inside an allowed directory.
func (h *Handler) ValidatePath(requested string) (string, error) {
	abs, err := filepath.Abs(requested)
	if err != nil {
		return "", err
	}
	if !h.isAllowed(abs) {
		return "", errors.New("access denied: outside the allowed directories")
	}
	return abs, nil
}

func (h *Handler) isAllowed(p string) bool {
	clean := filepath.Clean(p)
	for _, dir := range h.allowed {
		if strings.HasPrefix(clean, dir+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// Cache's validatePath is a namesake: Handler's own validatePath is declared in another file.
type Cache struct{}

func (c *Cache) validatePath(p string) (string, error) {
	return p, nil
}

func (h *Handler) openFile(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	valid, err := h.validatePath(req.GetString("path", ""))
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	// ok: path_traversal
	f, err := os.Open(valid)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return mcp.NewToolResultText(f.Name()), nil
}

func (h *Handler) readFile(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("path", "")
	valid, err := validatePath(name)
	if err != nil {
		return nil, err
	}
	// ruleid: path_traversal
	data, err := os.ReadFile(valid)
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(data)), nil
}

func (h *Handler) writeFile(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	valid, err := validatePath(req.GetString("path", ""))
	if err != nil {
		return nil, err
	}
	target := fmt.Sprintf("%s.tmp", valid)
	// ruleid: path_traversal
	err = os.WriteFile(target, []byte(req.GetString("content", "")), 0o600)
	return mcp.NewToolResultText("written"), err
}

func (h *Handler) statFile(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	valid, err := h.ValidatePath(req.GetString("path", ""))
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	// ok: path_traversal
	info, err := os.Stat(valid)
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(info.Name()), nil
}

func (h *Handler) removeFile(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	valid, err := paths.ValidatePath(req.GetString("path", ""))
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	// ok: path_traversal
	return mcp.NewToolResultText("removed"), os.Remove(valid)
}

func Register(s *server.MCPServer, h *Handler) {
	s.AddTool(mcp.NewTool("open_file"), h.openFile)
	s.AddTool(mcp.NewTool("read_file"), h.readFile)
	s.AddTool(mcp.NewTool("write_file"), h.writeFile)
	s.AddTool(mcp.NewTool("stat_file"), h.statFile)
	s.AddTool(mcp.NewTool("remove_file"), h.removeFile)
}
