package agenttools

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/schema"
)

// QueryTool is a langchaingo tools.Tool: the agent calls Call with text the model wrote.
type QueryTool struct {
	db *sql.DB
}

func (q *QueryTool) Name() string        { return "query_orders" }
func (q *QueryTool) Description() string { return "Runs SQL against the orders database" }

func (q *QueryTool) Call(ctx context.Context, input string) (string, error) {
	// ruleid: sql_injection
	rows, err := q.db.QueryContext(ctx, input)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	return "done", nil
}

// CustomerTool lets the model pick only the customer id; the statement is fixed.
type CustomerTool struct{ DB *sql.DB }

func (CustomerTool) Name() string        { return "customer" }
func (CustomerTool) Description() string { return "Looks up a customer by id" }

func (t CustomerTool) Call(ctx context.Context, input string) (string, error) {
	var name string
	// ok: sql_injection
	err := t.DB.QueryRowContext(ctx, "SELECT name FROM customers WHERE id = $1", input).Scan(&name)
	return name, err
}

// ReportTool is an eino InvokableTool: InvokableRun gets the model's JSON arguments.
type ReportTool struct{ DB *sql.DB }

type reportArgs struct {
	Table string `json:"table"`
}

func (r *ReportTool) Info(ctx context.Context) (*schema.ToolInfo, error) {
	return &schema.ToolInfo{Name: "report", Desc: "Counts the rows of a table"}, nil
}

func (r *ReportTool) InvokableRun(ctx context.Context, argumentsInJSON string, opts ...tool.Option) (string, error) {
	var args reportArgs
	if err := json.Unmarshal([]byte(argumentsInJSON), &args); err != nil {
		return "", err
	}
	var n int
	// ruleid: sql_injection
	err := r.DB.QueryRowContext(ctx, fmt.Sprintf("SELECT count(*) FROM %s", args.Table)).Scan(&n)
	return fmt.Sprint(n), err
}

// Store has a Call method but is no tool (no Name / Description): its callers are the program's own code.
type Store struct{ DB *sql.DB }

func (s *Store) Call(ctx context.Context, stmt string) error {
	// ok: sql_injection
	_, err := s.DB.ExecContext(ctx, stmt)
	return err
}
