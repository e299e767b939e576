package agent

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/memory"
)

func Memories() (*memory.ConversationBuffer, *memory.ConversationWindowBuffer) {
	// ruleid: context_exhaustion
	unbounded := memory.NewConversationBuffer()
	// ok: context_exhaustion
	windowed := memory.NewConversationWindowBuffer(10)
	return unbounded, windowed
}

func AgentLoop(ctx context.Context, llm llms.Model, task string) (string, error) {
	messages := []llms.MessageContent{llms.TextParts(llms.ChatMessageTypeHuman, task)}
	for {
		resp, err := llm.GenerateContent(ctx, messages, llms.WithMaxTokens(400))
		if err != nil {
			return "", err
		}
		text := resp.Choices[0].Content
		// ruleid: context_exhaustion
		messages = append(messages, llms.TextParts(llms.ChatMessageTypeAI, text))
		if strings.Contains(text, "DONE") {
			return text, nil
		}
	}
}

func TrimmedLoop(ctx context.Context, llm llms.Model, task string) (string, error) {
	messages := []llms.MessageContent{llms.TextParts(llms.ChatMessageTypeHuman, task)}
	for {
		if len(messages) > 12 {
			messages = messages[len(messages)-12:]
		}
		resp, err := llm.GenerateContent(ctx, messages, llms.WithMaxTokens(400))
		if err != nil {
			return "", err
		}
		text := resp.Choices[0].Content
		// ok: context_exhaustion
		messages = append(messages, llms.TextParts(llms.ChatMessageTypeAI, text))
		if strings.Contains(text, "DONE") {
			return text, nil
		}
	}
}

func Chat(ctx context.Context, llm llms.Model) {
	reader := bufio.NewReader(os.Stdin)
	var history []llms.MessageContent
	for {
		line, _ := reader.ReadString('\n')
		// ruleid: context_exhaustion
		history = append(history, llms.TextParts(llms.ChatMessageTypeHuman, line))
		resp, err := llm.GenerateContent(ctx, history, llms.WithMaxTokens(400))
		if err != nil {
			return
		}
		fmt.Println(resp.Choices[0].Content)
	}
}

func Collect(rows []string) []llms.MessageContent {
	var messages []llms.MessageContent
	for _, row := range rows {
		// ok: context_exhaustion
		messages = append(messages, llms.TextParts(llms.ChatMessageTypeHuman, row))
	}
	return messages
}
