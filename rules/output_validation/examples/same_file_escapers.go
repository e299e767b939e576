// A Sanitize method written in this file is judged by its body: one that returns its input unchanged
// sanitizes nothing; one that escapes it with html.EscapeString does. A sanitizer of another package
// (bluemonday's policy) is trusted by its name.
package web

import (
	"context"
	"fmt"
	"html"
	"html/template"
	"net/http"
	"strings"

	"github.com/microcosm-cc/bluemonday"
	"github.com/tmc/langchaingo/llms"
)

var policy = bluemonday.UGCPolicy()

type Page struct{ llm llms.Model }

// Sanitize is meant to clean the answer, but only trims it.
func (p *Page) Sanitize(s string) string {
	return strings.TrimSpace(s)
}

type Card struct{ llm llms.Model }

func (c *Card) Sanitize(s string) string {
	return html.EscapeString(s)
}

func (p *Page) Answer(w http.ResponseWriter, r *http.Request) {
	answer, err := llms.GenerateFromSinglePrompt(context.Background(), p.llm, r.URL.Query().Get("q"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	clean := p.Sanitize(answer)
	// ruleid: output_validation
	fmt.Fprintf(w, "<div class=\"answer\">%s</div>", clean)
	// ok: output_validation
	fmt.Fprintf(w, "<div class=\"answer\">%s</div>", policy.Sanitize(answer))
}

func (c *Card) Render(ctx context.Context, q string) template.HTML {
	answer, err := llms.GenerateFromSinglePrompt(ctx, c.llm, q)
	if err != nil {
		return ""
	}
	// ok: output_validation
	return template.HTML("<p>" + c.Sanitize(answer) + "</p>")
}
