package shelf

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/firebase/genkit/go/ai"
	"github.com/firebase/genkit/go/genkit"
)

type Filter struct {
	Category string `json:"category"`
	Author   string `json:"author,omitempty"`
}

type Books struct{ db *sql.DB }

// A method of the type builds the statement and its arguments; the tool's closure, inside another
// method, calls it on the same receiver: the statement is what that method returns.
func (b *Books) statement(f Filter) (string, []any) {
	var sb strings.Builder
	args := []any{f.Category}
	sb.WriteString("SELECT title FROM books WHERE category = $1")
	if f.Author != "" {
		args = append(args, f.Author)
		fmt.Fprintf(&sb, " AND author = $%d", len(args))
	}
	return sb.String(), args
}

func (b *Books) spliced(f Filter) (string, []any) {
	return fmt.Sprintf("SELECT title FROM books WHERE category = '%s'", f.Category), nil
}

func (b *Books) Register(g *genkit.Genkit) (ai.Tool, ai.Tool) {
	search := genkit.DefineTool(g, "searchBooks", "Find books by category and author.",
		func(ctx *ai.ToolContext, in Filter) ([]string, error) {
			stmt, args := b.statement(in)
			// ok: sql_injection
			rows, err := b.db.QueryContext(ctx, stmt, args...)
			if err != nil {
				return nil, err
			}
			defer rows.Close()
			return nil, nil
		})
	loose := genkit.DefineTool(g, "searchBooksLoose", "Find books by category.",
		func(ctx *ai.ToolContext, in Filter) ([]string, error) {
			stmt, _ := b.spliced(in)
			// ruleid: sql_injection
			rows, err := b.db.QueryContext(context.Background(), stmt)
			if err != nil {
				return nil, err
			}
			defer rows.Close()
			return nil, nil
		})
	return search, loose
}
