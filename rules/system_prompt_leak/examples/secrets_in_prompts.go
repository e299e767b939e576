package agent

import (
	"context"
	"fmt"
	"log"
	"os"

	openai "github.com/sashabaranov/go-openai"
)

var client = openai.NewClient(os.Getenv("OPENAI_API_KEY"))

func DBAgent(ctx context.Context, question string) (string, error) {
	system := fmt.Sprintf("You are a database assistant. The password is %s.", os.Getenv("DB_PASSWORD"))
	msgs := []openai.ChatCompletionMessage{
		{Role: openai.ChatMessageRoleSystem, Content: system},
		{Role: openai.ChatMessageRoleUser, Content: question},
	}
	// ruleid: system_prompt_leak
	resp, err := client.CreateChatCompletion(ctx, openai.ChatCompletionRequest{Model: openai.GPT4o, Messages: msgs})
	if err != nil {
		return "", err
	}
	// ruleid: system_prompt_leak
	log.Printf("system prompt: %s", system)
	return resp.Choices[0].Message.Content, nil
}

func RegionAgent(ctx context.Context, question string) error {
	msgs := []openai.ChatCompletionMessage{
		{Role: openai.ChatMessageRoleSystem, Content: "You are a cloud assistant for " + os.Getenv("AWS_REGION")},
		{Role: openai.ChatMessageRoleUser, Content: question},
	}
	// ok: system_prompt_leak
	_, err := client.CreateChatCompletion(ctx, openai.ChatCompletionRequest{Model: openai.GPT4o, Messages: msgs})
	// ok: system_prompt_leak
	log.Printf("asked %d messages", len(msgs))
	return err
}
