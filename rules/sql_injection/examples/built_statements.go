package reports

import (
	"context"
	"database/sql"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
)

type Reports struct{ DB *sql.DB }

// an MCP tool that builds its statement piece by piece from the model's arguments
func (r *Reports) Handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	region := req.GetString("region", "")
	sortBy := req.GetString("sort", "")
	var sb strings.Builder
	sb.WriteString("SELECT id, total FROM orders WHERE region = '")
	sb.WriteString(region)
	sb.WriteString("'")
	// ruleid: sql_injection
	rows, err := r.DB.QueryContext(ctx, sb.String())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	q := "SELECT id FROM orders ORDER BY "
	q += sortBy
	// ruleid: sql_injection
	_, _ = r.DB.ExecContext(ctx, q)
	var fixed strings.Builder
	fixed.WriteString("SELECT id FROM orders WHERE region = $1")
	// ok: sql_injection
	_, _ = r.DB.QueryContext(ctx, fixed.String(), region)
	return mcp.NewToolResultText("ok"), nil
}
