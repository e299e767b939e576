package agent

import (
	"context"

	"github.com/sashabaranov/go-openai"
	"github.com/tmc/langchaingo/llms"
)

func Ask(ctx context.Context, c *openai.Client, q string) (openai.ChatCompletionResponse, error) {
	// ruleid: token_bombing[cap_disabled]
	req := openai.ChatCompletionRequest{Model: openai.GPT4o, MaxTokens: -1, Messages: []openai.ChatCompletionMessage{{Role: "user", Content: q}}}
	return c.CreateChatCompletion(ctx, req)
}

func Draft(ctx context.Context, llm llms.Model, prompt string) (string, error) {
	// ruleid: token_bombing[cap_disabled]
	return llms.GenerateFromSinglePrompt(ctx, llm, prompt, llms.WithMaxTokens(-1))
}

func AskCapped(ctx context.Context, c *openai.Client, q string, limit int) (openai.ChatCompletionResponse, error) {
	// ok: token_bombing
	req := openai.ChatCompletionRequest{Model: openai.GPT4o, MaxTokens: limit, Messages: []openai.ChatCompletionMessage{{Role: "user", Content: q}}}
	return c.CreateChatCompletion(ctx, req)
}

func DraftCapped(ctx context.Context, llm llms.Model, prompt string) (string, error) {
	// ok: token_bombing
	return llms.GenerateFromSinglePrompt(ctx, llm, prompt, llms.WithMaxTokens(700))
}
