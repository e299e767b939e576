package concierge

import (
	"context"
	"net/http"

	"github.com/anthropics/anthropic-sdk-go"
)

const rules = "You are the concierge for Hotel Aurora. Only answer questions about the hotel."

type Concierge struct {
	client anthropic.Client
}

// anthropic-sdk-go takes the system prompt as the request's System field.
func (c *Concierge) Ask(w http.ResponseWriter, r *http.Request) {
	guest := r.URL.Query().Get("guest")
	msg, err := c.client.Messages.New(context.Background(), anthropic.MessageNewParams{
		Model:     anthropic.ModelClaude3_7SonnetLatest,
		MaxTokens: 512,
		// ruleid: universal_prompt_injection
		System: []anthropic.TextBlockParam{{Text: rules + " The guest's name is " + guest + "."}},
		Messages: []anthropic.MessageParam{
			anthropic.NewUserMessage(anthropic.NewTextBlock(r.FormValue("question"))),
		},
	})
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	w.Write([]byte(msg.Content[0].Text))
}

func (c *Concierge) AskPlain(w http.ResponseWriter, r *http.Request) {
	params := anthropic.MessageNewParams{
		Model:     anthropic.ModelClaude3_7SonnetLatest,
		MaxTokens: 512,
		// ok: universal_prompt_injection
		System:   []anthropic.TextBlockParam{{Text: rules}},
		Messages: []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock(r.FormValue("question")))},
	}
	msg, err := c.client.Messages.New(r.Context(), params)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	w.Write([]byte(msg.Content[0].Text))
}
