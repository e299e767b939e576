// Tool handlers built per user by a function: the query is scoped by its parameter, which the
// application passes when it registers the tools and the model cannot change.
package main

import (
	"context"
	"database/sql"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var store *sql.DB

func registerUserTools(s *server.MCPServer, userID string) {
	s.AddTool(mcp.NewTool("cancel_order"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		orderID, _ := req.RequireString("order_id")
		// ok: object_authorization
		if _, err := store.ExecContext(ctx, "DELETE FROM orders WHERE id = $1 AND owner_id = $2", orderID, userID); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("cancelled"), nil
	})
	s.AddTool(mcp.NewTool("cancel_any"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		orderID, _ := req.RequireString("order_id")
		// ruleid: object_authorization[destructive]
		if _, err := store.ExecContext(ctx, "DELETE FROM orders WHERE id = $1", orderID); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("cancelled"), nil
	})
}
