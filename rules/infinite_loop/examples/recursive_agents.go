package agent

import (
	"context"
	"errors"

	openai "github.com/sashabaranov/go-openai"
	"github.com/tmc/langchaingo/llms"
)

type Agent struct {
	client *openai.Client
	tools  map[string]func(string) string
}

// The method calls the model, then itself while the model asks for tools: the recursion is the loop.
func (a *Agent) Run(ctx context.Context, msgs []openai.ChatCompletionMessage) (string, error) {
	// ruleid: infinite_loop[recursion]
	resp, err := a.client.CreateChatCompletion(ctx, openai.ChatCompletionRequest{Model: openai.GPT4o, Messages: msgs, MaxTokens: 800})
	if err != nil {
		return "", err
	}
	msg := resp.Choices[0].Message
	if len(msg.ToolCalls) == 0 {
		return msg.Content, nil
	}
	msgs = append(msgs, msg)
	for _, tc := range msg.ToolCalls {
		msgs = append(msgs, openai.ChatCompletionMessage{Role: openai.ChatMessageRoleTool, ToolCallID: tc.ID, Content: a.tools[tc.Function.Name](tc.Function.Arguments)})
	}
	return a.Run(ctx, msgs)
}

// A depth parameter checked before each call bounds the recursion.
func (a *Agent) RunBounded(ctx context.Context, msgs []openai.ChatCompletionMessage, depth int) (string, error) {
	if depth >= 8 {
		return "", errors.New("too many tool rounds")
	}
	// ok: infinite_loop
	resp, err := a.client.CreateChatCompletion(ctx, openai.ChatCompletionRequest{Model: openai.GPT4o, Messages: msgs, MaxTokens: 800})
	if err != nil {
		return "", err
	}
	msg := resp.Choices[0].Message
	if len(msg.ToolCalls) == 0 {
		return msg.Content, nil
	}
	return a.RunBounded(ctx, append(msgs, msg), depth+1)
}

// A plain function recursing on the model's answer.
func refine(ctx context.Context, model llms.Model, draft string) (string, error) {
	// ruleid: infinite_loop[recursion]
	next, err := llms.GenerateFromSinglePrompt(ctx, model, "Improve this, or reply DONE:\n"+draft, llms.WithMaxTokens(400))
	if err != nil || next == "DONE" {
		return draft, err
	}
	return refine(ctx, model, next)
}
