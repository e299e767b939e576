package web

import (
	"context"
	"fmt"
	"html"
	"html/template"
	"net/http"

	"github.com/tmc/langchaingo/llms"
)

func AnswerHandler(llm llms.Model) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		answer, err := llms.GenerateFromSinglePrompt(context.Background(), llm, r.URL.Query().Get("q"))
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		// ruleid: output_validation
		fmt.Fprintf(w, "<div class=\"answer\">%s</div>", answer)
		// ok: output_validation
		fmt.Fprintf(w, "<div class=\"answer\">%s</div>", html.EscapeString(answer))
	}
}

func Render(ctx context.Context, llm llms.Model, tmpl *template.Template, w http.ResponseWriter, q string) error {
	answer, err := llms.GenerateFromSinglePrompt(ctx, llm, q)
	if err != nil {
		return err
	}
	// ruleid: output_validation
	return tmpl.Execute(w, map[string]any{"Answer": template.HTML(answer)})
}

func Banner() template.HTML {
	// ok: output_validation
	return template.HTML("<b>Beta</b>")
}
