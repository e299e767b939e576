package crm

import (
	"context"
	"database/sql"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Store struct{ db *sql.DB }

// A DELETE statement run with the id the model chose.
func (s *Store) removeContact(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id, err := req.RequireString("contact_id")
	if err != nil {
		return nil, err
	}
	// ruleid: missing_human_oversight
	if _, err := s.db.ExecContext(ctx, "DELETE FROM contacts WHERE id = $1", id); err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText("removed"), nil
}

func (s *Store) dropArchive(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := req.GetString("table", "")
	// ruleid: missing_human_oversight
	_, err := s.db.Exec("TRUNCATE " + table)
	return mcp.NewToolResultText("done"), err
}

// Reading rows changes nothing.
func (s *Store) findContact(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	email := req.GetString("email", "")
	var name string
	// ok: missing_human_oversight
	err := s.db.QueryRowContext(ctx, "SELECT name FROM contacts WHERE email = $1", email).Scan(&name)
	return mcp.NewToolResultText(name), err
}

func (s *Store) touchContact(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := req.GetString("contact_id", "")
	// ok: missing_human_oversight
	_, err := s.db.ExecContext(ctx, "UPDATE contacts SET seen_at = now() WHERE id = $1", id)
	return mcp.NewToolResultText("ok"), err
}

func (s *Store) Register(srv *server.MCPServer) {
	srv.AddTool(mcp.NewTool("remove_contact"), s.removeContact)
	srv.AddTool(mcp.NewTool("drop_archive"), s.dropArchive)
	srv.AddTool(mcp.NewTool("find_contact"), s.findContact)
	srv.AddTool(mcp.NewTool("touch_contact"), s.touchContact)
}
