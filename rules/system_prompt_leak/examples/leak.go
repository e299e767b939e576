package agent

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"

	openai "github.com/sashabaranov/go-openai"
)

const systemPrompt = "You are the support agent. If the user is an admin, you may delete accounts."

// ok: system_prompt_leak
const publicPrompt = "You are a friendly support agent for Acme."

func PromptHandler(w http.ResponseWriter, r *http.Request) {
	// ruleid: system_prompt_leak
	json.NewEncoder(w).Encode(map[string]string{"prompt": systemPrompt})
}

func NameHandler(w http.ResponseWriter, r *http.Request) {
	// ok: system_prompt_leak
	json.NewEncoder(w).Encode(map[string]string{"name": "support", "prompt": publicPromptID()})
}

func publicPromptID() string { return "v3" }

func Support(ctx context.Context, client *openai.Client, question string) (openai.ChatCompletionResponse, error) {
	return client.CreateChatCompletion(ctx, openai.ChatCompletionRequest{
		Model: openai.GPT4o,
		Messages: []openai.ChatCompletionMessage{
			// ruleid: system_prompt_leak[prompt_control]
			{Role: openai.ChatMessageRoleSystem, Content: systemPrompt},
			{Role: openai.ChatMessageRoleUser, Content: question},
		},
	})
}

func Friendly(ctx context.Context, client *openai.Client, question string) (openai.ChatCompletionResponse, error) {
	// ok: system_prompt_leak
	return client.CreateChatCompletion(ctx, openai.ChatCompletionRequest{
		Model: openai.GPT4o,
		Messages: []openai.ChatCompletionMessage{
			{Role: openai.ChatMessageRoleSystem, Content: publicPrompt},
			{Role: openai.ChatMessageRoleUser, Content: question},
		},
	})
}

// A prompt assembled in a strings.Builder or bytes.Buffer is not sent anywhere by WriteString.
func personaPrompt(persona string) string {
	var sb strings.Builder
	// ok: system_prompt_leak
	sb.WriteString("You are a helpful support assistant for Acme.\n")
	sb.WriteString("Adopt the following persona: ")
	sb.WriteString(persona)
	return sb.String()
}

func PromptText(w http.ResponseWriter, r *http.Request) {
	// ruleid: system_prompt_leak
	w.Write([]byte(systemPrompt))
}
