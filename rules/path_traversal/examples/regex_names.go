// A file name checked by a regex before it is joined to a directory: only a restrictive pattern
// anchored at both ends (letters, digits, `-`, no `/`, no `..` as a whole) keeps the path in the directory.
package notes

import (
	"context"
	"os"
	"path/filepath"
	"regexp"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var noteName = regexp.MustCompile(`^[a-z0-9-]+$`)

var (
	slugPattern = regexp.MustCompile(`^[a-z0-9_-]{1,40}$`)
	anyPath     = regexp.MustCompile(`^[\w./-]+$`)
)

type Notes struct{ dir string }

func (n *Notes) read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	if ok, _ := regexp.MatchString(`^[a-z0-9-]+$`, name); !ok {
		return mcp.NewToolResultError("bad name"), nil
	}
	// ok: path_traversal
	data, err := os.ReadFile(filepath.Join(n.dir, name+".md"))
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(data)), nil
}

func (n *Notes) remove(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	matched, err := regexp.MatchString(`^[a-z0-9-]+$`, name)
	if err != nil {
		return nil, err
	}
	if !matched {
		return mcp.NewToolResultError("bad name"), nil
	}
	// ok: path_traversal
	return nil, os.Remove(filepath.Join(n.dir, name))
}

func (n *Notes) write(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	if !noteName.MatchString(name) {
		return mcp.NewToolResultError("bad name"), nil
	}
	// ok: path_traversal
	return nil, os.WriteFile(filepath.Join(n.dir, name), []byte(req.GetString("text", "")), 0o600)
}

func (n *Notes) archive(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	slug := req.GetString("slug", "")
	if !slugPattern.MatchString(slug) {
		return mcp.NewToolResultError("bad slug"), nil
	}
	// ok: path_traversal
	return nil, os.MkdirAll(filepath.Join(n.dir, "archive", slug), 0o700)
}

func (n *Notes) open(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	// `/` and `.` are allowed: "../../etc/passwd" passes
	if !anyPath.MatchString(name) {
		return mcp.NewToolResultError("bad name"), nil
	}
	// ruleid: path_traversal
	data, err := os.ReadFile(filepath.Join(n.dir, name))
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(data)), nil
}

func (n *Notes) peek(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	// not anchored: "../../etc/passwd" contains a match
	if ok, _ := regexp.MatchString(`[a-z0-9-]+`, name); !ok {
		return mcp.NewToolResultError("bad name"), nil
	}
	// ruleid: path_traversal
	data, err := os.ReadFile(filepath.Join(n.dir, name))
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(data)), nil
}

func (n *Notes) stat(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	// a failed match is only logged
	if !noteName.MatchString(name) {
		println("odd name", name)
	}
	// ruleid: path_traversal
	data, err := os.ReadFile(filepath.Join(n.dir, name))
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(data)), nil
}

func Register(s *server.MCPServer, n *Notes) {
	s.AddTool(mcp.NewTool("read_note"), n.read)
	s.AddTool(mcp.NewTool("remove_note"), n.remove)
	s.AddTool(mcp.NewTool("write_note"), n.write)
	s.AddTool(mcp.NewTool("archive_note"), n.archive)
	s.AddTool(mcp.NewTool("open_note"), n.open)
	s.AddTool(mcp.NewTool("peek_note"), n.peek)
	s.AddTool(mcp.NewTool("stat_note"), n.stat)
}
