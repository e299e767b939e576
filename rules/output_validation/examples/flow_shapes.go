package web

import (
	"context"
	"fmt"
	htmltpl "html/template"
	"net/http"

	openai "github.com/sashabaranov/go-openai"
)

type page struct {
	Title string
	Body  string
}

func wrap(s string) string {
	return "<section>" + s + "</section>"
}

func Summary(client *openai.Client) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		resp, err := client.CreateChatCompletion(context.Background(), openai.ChatCompletionRequest{
			Model:    openai.GPT4o,
			Messages: []openai.ChatCompletionMessage{{Role: openai.ChatMessageRoleUser, Content: r.FormValue("q")}},
		})
		if err != nil {
			http.Error(w, "model error", http.StatusBadGateway)
			return
		}
		p := page{Title: "Summary", Body: resp.Choices[0].Message.Content}
		// ruleid: output_validation
		body := htmltpl.HTML(wrap(p.Body))
		// ok: output_validation
		title := htmltpl.HTML("<h1>" + p.Title + "</h1>")
		// ok: output_validation
		fmt.Fprintf(w, "<p>%s</p>", htmltpl.HTMLEscapeString(p.Body))
		// ok: output_validation
		fmt.Fprintf(w, "summary: %s\n", p.Body)
		fmt.Fprint(w, title, body)
	}
}
