package agent

import (
	"context"
	"fmt"
	"net/http"
	"slices"

	"github.com/tmc/langchaingo/llms"
	openai "github.com/sashabaranov/go-openai"
)

var client = openai.NewClient("")
var tones = []string{"formal", "casual"}

const baseRules = "You are ACME's support assistant."

func ChatHandler(w http.ResponseWriter, r *http.Request) {
	persona := r.FormValue("persona")
	system := fmt.Sprintf("%s Speak like %s.", baseRules, persona)
	msgs := []openai.ChatCompletionMessage{
		{Role: openai.ChatMessageRoleSystem, Content: system},
		{Role: openai.ChatMessageRoleUser, Content: r.FormValue("q")},
	}
	// ruleid: universal_prompt_injection
	resp, _ := client.CreateChatCompletion(r.Context(), openai.ChatCompletionRequest{Model: openai.GPT4o, Messages: msgs})
	fmt.Fprint(w, resp.Choices[0].Message.Content)
}

func rulesFor(topic string) string {
	return "Only discuss " + topic + "."
}

func TopicHandler(w http.ResponseWriter, r *http.Request, llm llms.Model) {
	content := []llms.MessageContent{
		// ruleid: universal_prompt_injection
		llms.TextParts(llms.ChatMessageTypeSystem, rulesFor(r.URL.Query().Get("topic"))),
		// ok: universal_prompt_injection
		llms.TextParts(llms.ChatMessageTypeHuman, r.FormValue("q")),
	}
	_, _ = llm.GenerateContent(context.Background(), content)
}

// --- safe look-alikes ----------------------------------------------------------------------------

func ToneHandler(w http.ResponseWriter, r *http.Request) {
	tone := r.FormValue("tone")
	if !slices.Contains(tones, tone) {
		http.Error(w, "bad tone", http.StatusBadRequest)
		return
	}
	msgs := []openai.ChatCompletionMessage{
		{Role: openai.ChatMessageRoleSystem, Content: "Write in a " + tone + " tone."},
		{Role: openai.ChatMessageRoleUser, Content: r.FormValue("q")},
	}
	// ok: universal_prompt_injection
	_, _ = client.CreateChatCompletion(r.Context(), openai.ChatCompletionRequest{Model: openai.GPT4o, Messages: msgs})
}

func Ask(ctx context.Context, llm llms.Model, system string, question string) error {
	content := []llms.MessageContent{
		// ok: universal_prompt_injection
		llms.TextParts(llms.ChatMessageTypeSystem, system),
		// ok: universal_prompt_injection
		llms.TextParts(llms.ChatMessageTypeSystem, baseRules),
	}
	_, err := llm.GenerateContent(ctx, content)
	return err
}
