package store

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"syscall"

	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/schema"
	"github.com/go-pg/pg/v10"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct {
	Pool *pgxpool.Pool
	Conn *pgx.Conn
	PG   *pg.DB
}

func (s *Store) ArchiveHandler(w http.ResponseWriter, r *http.Request) {
	table := r.URL.Query().Get("table")
	id := r.URL.Query().Get("id")
	// ruleid: sql_injection
	_, _ = s.Pool.Exec(r.Context(), "DELETE FROM "+table+" WHERE archived")
	// ruleid: sql_injection
	rows, _ := s.Conn.Query(r.Context(), fmt.Sprintf("SELECT * FROM items WHERE id = '%s'", id))
	defer rows.Close()
	// ok: sql_injection
	_, _ = s.Pool.Exec(r.Context(), "DELETE FROM items WHERE id = $1", id)
	// ok: sql_injection
	_ = s.Conn.QueryRow(context.Background(), "SELECT name FROM items WHERE id = $1", id)
	var names []string
	// ruleid: sql_injection
	_, _ = s.PG.Query(&names, "SELECT name FROM items WHERE owner = '"+id+"'")
	// ok: sql_injection
	_, _ = s.PG.Query(&names, "SELECT name FROM items WHERE owner = ?", id)
	// syscall.Exec is no database's Exec (code_execution reports it)
	// ok: sql_injection
	_ = syscall.Exec(r.URL.Query().Get("tool"), []string{"tool"}, os.Environ())
}

// An eino tool: its `ctx context.Context` parameter is the run's context, not the model's data,
// so the context before a pgx statement is no SQL text.
type CatalogSearch struct {
	pool *pgxpool.Pool
}

func (c *CatalogSearch) Info(ctx context.Context) (*schema.ToolInfo, error) {
	return &schema.ToolInfo{Name: "search_catalog", Desc: "search the catalogue"}, nil
}

func (c *CatalogSearch) InvokableRun(ctx context.Context, argumentsInJSON string, opts ...tool.Option) (string, error) {
	var params struct {
		Name string `json:"name"`
	}
	if err := json.Unmarshal([]byte(argumentsInJSON), &params); err != nil {
		return "", err
	}
	sqlText := "SELECT sku FROM products WHERE title ILIKE '%' || $1 || '%'"
	// ok: sql_injection
	rows, err := c.pool.Query(ctx, sqlText, params.Name)
	if err != nil {
		return "", err
	}
	rows.Close()
	// ruleid: sql_injection
	_, err = c.pool.Exec(ctx, "DELETE FROM products WHERE title = '"+params.Name+"'")
	return "", err
}

// A helper nobody in the file calls: its context is still no SQL text.
func (s *Store) FindByTitle(ctx context.Context, title string) error {
	// ok: sql_injection
	rows, err := s.Pool.Query(ctx, "SELECT sku FROM products WHERE title = $1", title)
	if err != nil {
		return err
	}
	rows.Close()
	return nil
}
