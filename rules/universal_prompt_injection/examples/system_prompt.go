package agent

import (
	"context"
	"fmt"
	"net/http"

	"github.com/cloudwego/eino/schema"
	"github.com/tmc/langchaingo/llms"
)

func Handler(w http.ResponseWriter, r *http.Request) {
	msgs := []*schema.Message{
		// ruleid: universal_prompt_injection
		schema.SystemMessage(fmt.Sprintf("You are a helpful agent. Priority task: %s", r.FormValue("query"))),
		// ok: universal_prompt_injection
		schema.UserMessage(r.FormValue("query")),
	}
	_ = msgs
}

func Ask(ctx context.Context, llm llms.Model, question string, docs string) error {
	content := []llms.MessageContent{
		// ruleid: universal_prompt_injection
		llms.TextParts(llms.ChatMessageTypeSystem, fmt.Sprintf("Answer from these documents:\n%s", docs)),
		// ok: universal_prompt_injection
		llms.TextParts(llms.ChatMessageTypeHuman, fmt.Sprintf("Question: %s", question)),
		// ok: universal_prompt_injection
		llms.TextParts(llms.ChatMessageTypeSystem, "You are a concise assistant."),
	}
	_, err := llm.GenerateContent(ctx, content)
	return err
}
