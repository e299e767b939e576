package tools

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"

	"github.com/tmc/langchaingo/chains"
	"github.com/tmc/langchaingo/llms/openai"
	"github.com/tmc/langchaingo/tools/sqldatabase"
)

type OrderTool struct{ DB *sql.DB }

func (t OrderTool) Call(ctx context.Context, input string) (string, error) {
	// ruleid: sql_injection
	rows, err := t.DB.QueryContext(ctx, fmt.Sprintf("SELECT id FROM orders WHERE customer = '%s'", input))
	if err != nil {
		return "", err
	}
	defer rows.Close()
	// ok: sql_injection
	rows2, err := t.DB.QueryContext(ctx, "SELECT id FROM orders WHERE customer = $1", input)
	if err != nil {
		return "", err
	}
	defer rows2.Close()
	return "ok", nil
}

func SearchHandler(db *sql.DB) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		name := r.URL.Query().Get("name")
		query := fmt.Sprintf("SELECT email FROM users WHERE name = '%s'", name)
		// ruleid: sql_injection
		rows, err := db.Query(query)
		if err != nil {
			http.Error(w, "error", 500)
			return
		}
		defer rows.Close()
		// the caller names the table: a subquery or a UNION fits there
		table := r.URL.Query().Get("table")
		// ruleid: sql_injection
		counts, err := db.Query(fmt.Sprintf("SELECT count(*) FROM %s", table))
		if err != nil {
			return
		}
		defer counts.Close()
		// ok: sql_injection
		same, err := db.Query("SELECT email FROM users WHERE name = $1", name)
		if err != nil {
			return
		}
		defer same.Close()
	}
}

func Purge(db *sql.DB, table string) error {
	// a table name of unknown origin picks which table a fixed statement touches
	// ruleid: sql_injection
	_, err := db.Exec("DELETE FROM " + table + " WHERE expired = true")
	// ok: sql_injection
	_, err2 := db.Exec("DELETE FROM sessions WHERE expired = true")
	if err != nil {
		return err
	}
	return err2
}

func NewChain(db *sqldatabase.SQLDatabase) (*chains.SQLDatabaseChain, error) {
	llm, err := openai.New()
	if err != nil {
		return nil, err
	}
	// ruleid: sql_injection
	return chains.NewSQLDatabaseChain(llm, 100, db), nil
}
