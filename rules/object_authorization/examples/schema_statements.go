package main

import (
	"context"
	"database/sql"
	"regexp"

	"github.com/lib/pq"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var stagingTable = regexp.MustCompile(`^staging_[a-z0-9_]{1,48}$`)

type TableArgs struct {
	Table string `json:"table"`
}

type NoteArgs struct {
	ID string `json:"id"`
}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// a statement on the schema (DROP TABLE) reaches no user's record: not this rule's
func dropTable(db *sql.DB) mcp.ToolHandlerFor[TableArgs, any] {
	return func(ctx context.Context, req *mcp.CallToolRequest, args TableArgs) (*mcp.CallToolResult, any, error) {
		if !stagingTable.MatchString(args.Table) {
			return text("only staging tables"), nil, nil
		}
		// ok: object_authorization
		_, err := db.ExecContext(ctx, "DROP TABLE IF EXISTS "+pq.QuoteIdentifier(args.Table))
		return text("dropped"), nil, err
	}
}

// a row the model names is deleted, whoever owns it
func deleteNote(db *sql.DB) mcp.ToolHandlerFor[NoteArgs, any] {
	return func(ctx context.Context, req *mcp.CallToolRequest, args NoteArgs) (*mcp.CallToolResult, any, error) {
		// ruleid: object_authorization
		_, err := db.ExecContext(ctx, "DELETE FROM notes WHERE id = $1", args.ID)
		return text("deleted"), nil, err
	}
}
