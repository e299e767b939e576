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
		// ruleid: context_exhaustion
		resp, err := llm.GenerateContent(ctx, messages, llms.WithMaxTokens(400))
		if err != nil {
			return "", err
		}
		text := resp.Choices[0].Content
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
		// ok: context_exhaustion
		resp, err := llm.GenerateContent(ctx, messages, llms.WithMaxTokens(400))
		if err != nil {
			return "", err
		}
		text := resp.Choices[0].Content
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
		history = append(history, llms.TextParts(llms.ChatMessageTypeHuman, line))
		// ruleid: context_exhaustion
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

type Session struct {
	Messages []llms.MessageContent
}

var sessions = map[string]*Session{}

func Turn(ctx context.Context, llm llms.Model, id, text string) (string, error) {
	s := sessions[id]
	s.Messages = append(s.Messages, llms.TextParts(llms.ChatMessageTypeHuman, text))
	// ruleid: context_exhaustion
	resp, err := llm.GenerateContent(ctx, s.Messages)
	if err != nil {
		return "", err
	}
	return resp.Choices[0].Content, nil
}

func (s *Session) Ask(ctx context.Context, llm llms.Model, text string) (string, error) {
	s.Messages = append(s.Messages, llms.TextParts(llms.ChatMessageTypeHuman, text))
	if len(s.Messages) > 20 {
		s.Messages = s.Messages[len(s.Messages)-20:]
	}
	// ok: context_exhaustion
	resp, err := llm.GenerateContent(ctx, s.Messages)
	if err != nil {
		return "", err
	}
	return resp.Choices[0].Content, nil
}

func OneShot(ctx context.Context, llm llms.Model, text string) (string, error) {
	messages := []llms.MessageContent{llms.TextParts(llms.ChatMessageTypeSystem, "Be brief.")}
	messages = append(messages, llms.TextParts(llms.ChatMessageTypeHuman, text))
	// ok: context_exhaustion
	resp, err := llm.GenerateContent(ctx, messages)
	if err != nil {
		return "", err
	}
	return resp.Choices[0].Content, nil
}
