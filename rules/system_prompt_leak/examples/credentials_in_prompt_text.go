package agent

import (
	"context"
	"log/slog"
	"os"

	openai "github.com/sashabaranov/go-openai"
)

var ai = openai.NewClient("")

var registryToken = os.Getenv("REGISTRY_TOKEN")

func deployPrompt() string {
	return "You are the deploy agent. Push images with the registry token " + registryToken + "."
}

func Deploy(ctx context.Context, task string) {
	prompt := deployPrompt()
	// ruleid: system_prompt_leak[prompt_logged]
	slog.Info("deploy prompt", "prompt", prompt)
	_, _ = ai.CreateChatCompletion(ctx, openai.ChatCompletionRequest{Model: openai.GPT4o, Messages: []openai.ChatCompletionMessage{
		// ruleid: system_prompt_leak[secret_in_prompt]
		{Role: openai.ChatMessageRoleSystem, Content: prompt},
		{Role: openai.ChatMessageRoleUser, Content: task},
	}})
}

func Billing(ctx context.Context, task string) {
	system := "You are the billing agent. The API key is bk_live_7Hs2Qp9Lm4 for the invoicing service."
	_, _ = ai.CreateChatCompletion(ctx, openai.ChatCompletionRequest{Model: openai.GPT4o, Messages: []openai.ChatCompletionMessage{
		// ruleid: system_prompt_leak[secret_in_prompt]
		{Role: openai.ChatMessageRoleSystem, Content: system},
	}})
}

// --- safe look-alikes ----------------------------------------------------------------------------

func Help(ctx context.Context, task string) {
	system := "You are the help agent. Users who lost their password get a reset e-mail."
	// ok: system_prompt_leak
	_, _ = ai.CreateChatCompletion(ctx, openai.ChatCompletionRequest{Model: openai.GPT4o, Messages: []openai.ChatCompletionMessage{
		{Role: openai.ChatMessageRoleSystem, Content: system},
		{Role: openai.ChatMessageRoleUser, Content: task},
	}})
}
