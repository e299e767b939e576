package agent

import (
	"context"
	"encoding/json"
	"net/http"

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
