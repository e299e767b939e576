package analytics

import (
	"context"
	"database/sql"
	"strings"

	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/openai"
)

type Analyst struct {
	DB  *sql.DB
	LLM *openai.LLM
}

func cleanSQL(s string) string {
	return strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(s), "```sql"), "```")
}

// Ask turns a user's question into SQL with the model and runs it.
func (a *Analyst) Ask(ctx context.Context, question string) (*sql.Rows, error) {
	generated, err := llms.GenerateFromSinglePrompt(ctx, a.LLM, "Write one PostgreSQL SELECT for: "+question)
	if err != nil {
		return nil, err
	}
	stmt := cleanSQL(generated)
	// ruleid: sql_injection
	return a.DB.QueryContext(ctx, stmt)
}

// Lookup lets the model pick only a value; the statement stays fixed.
func (a *Analyst) Lookup(ctx context.Context, question string) (*sql.Rows, error) {
	city, err := llms.GenerateFromSinglePrompt(ctx, a.LLM, "Name the city in: "+question)
	if err != nil {
		return nil, err
	}
	// ok: sql_injection
	return a.DB.QueryContext(ctx, "SELECT name FROM stores WHERE city = $1", strings.TrimSpace(city))
}
