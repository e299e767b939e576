package main

import (
	"context"
	"database/sql"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type ctxKey string

const userKey ctxKey = "user"

var db *sql.DB

func cancelOrder(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	orderID, err := req.RequireString("order_id")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	// ruleid: object_authorization[destructive]
	if _, err := db.ExecContext(ctx, "DELETE FROM orders WHERE id = $1", orderID); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("cancelled"), nil
}

func showAccount(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	accountID := args["account_id"].(string)
	var email string
	// ruleid: object_authorization[read]
	row := db.QueryRowContext(ctx, "SELECT email FROM accounts WHERE id = $1", accountID)
	if err := row.Scan(&email); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(email), nil
}

func cancelMine(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	orderID, _ := req.RequireString("order_id")
	userID := ctx.Value(userKey).(string)
	// ok: object_authorization
	_, err := db.ExecContext(ctx, "DELETE FROM orders WHERE id = $1 AND owner_id = $2", orderID, userID)
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("cancelled"), nil
}

func showMine(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	accountID, _ := req.RequireString("account_id")
	caller, _ := ctx.Value(userKey).(string)
	if accountID != caller {
		return mcp.NewToolResultError("forbidden"), nil
	}
	var email string
	// ok: object_authorization
	if err := db.QueryRowContext(ctx, "SELECT email FROM accounts WHERE id = $1", accountID).Scan(&email); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(email), nil
}

func main() {
	s := server.NewMCPServer("shop", "1.0.0")
	s.AddTool(mcp.NewTool("cancel_order"), cancelOrder)
	s.AddTool(mcp.NewTool("show_account"), showAccount)
	s.AddTool(mcp.NewTool("cancel_mine"), cancelMine)
	s.AddTool(mcp.NewTool("show_mine"), showMine)
	_ = server.ServeStdio(s)
}
