// An output cap removed with the SDK's optional-value helpers (openai.Int(-1)), a named constant,
// a conversion, or a field set after the request is built, is as removed as a literal -1.
package agent

import (
	"context"

	"github.com/openai/openai-go"
	"github.com/tmc/langchaingo/llms"
	"google.golang.org/genai"
)

const noOutputLimit = -1
const replyBudget = 1200

func Summarize(ctx context.Context, client openai.Client, text string) (*openai.ChatCompletion, error) {
	return client.Chat.Completions.New(ctx, openai.ChatCompletionNewParams{
		Model:     openai.ChatModelGPT4o,
		// ruleid: token_bombing[cap_disabled]
		MaxTokens: openai.Int(-1),
		Messages:  []openai.ChatCompletionMessageParamUnion{openai.UserMessage(text)},
	})
}

func Translate(ctx context.Context, client openai.Client, text string) (*openai.ChatCompletion, error) {
	// ruleid: token_bombing[cap_disabled]
	params := openai.ChatCompletionNewParams{Model: openai.ChatModelGPT4oMini, MaxCompletionTokens: openai.Int(noOutputLimit)}
	params.Messages = []openai.ChatCompletionMessageParamUnion{openai.UserMessage(text)}
	return client.Chat.Completions.New(ctx, params)
}

func Classify(ctx context.Context, client openai.Client, text string) (*openai.ChatCompletion, error) {
	// ruleid: token_bombing[cap_disabled]
	req := openai.ChatCompletionNewParams{Model: openai.ChatModelGPT4oMini}
	req.MaxTokens = openai.Int(-1)
	req.Messages = []openai.ChatCompletionMessageParamUnion{openai.UserMessage(text)}
	return client.Chat.Completions.New(ctx, req)
}

func Outline(ctx context.Context, llm llms.Model, topic string) (string, error) {
	// ruleid: token_bombing[cap_disabled]
	return llms.GenerateFromSinglePrompt(ctx, llm, topic, llms.WithMaxTokens(noOutputLimit))
}

func Describe(ctx context.Context, c *genai.Client, prompt string) (*genai.GenerateContentResponse, error) {
	// ruleid: token_bombing[cap_disabled]
	cfg := &genai.GenerateContentConfig{MaxOutputTokens: int32(-1)}
	return c.Models.GenerateContent(ctx, "gemini-2.0-flash", genai.Text(prompt), cfg)
}

func SummarizeCapped(ctx context.Context, client openai.Client, text string) (*openai.ChatCompletion, error) {
	// ok: token_bombing
	return client.Chat.Completions.New(ctx, openai.ChatCompletionNewParams{
		Model:     openai.ChatModelGPT4o,
		MaxTokens: openai.Int(replyBudget),
		// a seed of -1 is not a cap
		Seed:     openai.Int(-1),
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage(text)},
	})
}

func ClassifyCapped(ctx context.Context, client openai.Client, text string) (*openai.ChatCompletion, error) {
	// ok: token_bombing
	req := openai.ChatCompletionNewParams{Model: openai.ChatModelGPT4oMini}
	req.MaxTokens = openai.Int(256)
	req.TopLogprobs = openai.Int(-1)
	return client.Chat.Completions.New(ctx, req)
}

func OutlineCapped(ctx context.Context, llm llms.Model, topic string, limit int) (string, error) {
	// ok: token_bombing
	return llms.GenerateFromSinglePrompt(ctx, llm, topic, llms.WithMaxTokens(int(replyBudget)))
}
