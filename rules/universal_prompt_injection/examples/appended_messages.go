package oncall

import (
	"context"
	"io"
	"net/http"

	openai "github.com/sashabaranov/go-openai"
)

const system = "You are the on-call assistant. Propose the next diagnostic step."

type Assistant struct {
	llm  *openai.Client
	http *http.Client
}

func (a *Assistant) runbook(ctx context.Context, name string) (string, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "https://wiki.example.com/runbooks/"+name+".md", nil)
	resp, err := a.http.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 64*1024))
	return string(body), err
}

func (a *Assistant) Handle(ctx context.Context, alert string) (string, error) {
	msgs := []openai.ChatCompletionMessage{{Role: openai.ChatMessageRoleSystem, Content: system}}
	text, err := a.runbook(ctx, "postgres")
	if err != nil {
		return "", err
	}
	// the fetched page joins the conversation as a system message: it instructs the model
	msgs = append(msgs, openai.ChatCompletionMessage{Role: openai.ChatMessageRoleSystem, Content: "Follow this runbook:\n" + text})
	// as a user message it is material to read
	msgs = append(msgs, openai.ChatCompletionMessage{Role: openai.ChatMessageRoleUser, Content: alert + "\n\nRunbook:\n" + text})
	// ruleid: universal_prompt_injection
	resp, err := a.llm.CreateChatCompletion(ctx, openai.ChatCompletionRequest{Model: openai.GPT4o, Messages: msgs, MaxTokens: 600})
	if err != nil {
		return "", err
	}
	return resp.Choices[0].Message.Content, nil
}

func (a *Assistant) HandleAsUser(ctx context.Context, alert string) (string, error) {
	msgs := []openai.ChatCompletionMessage{{Role: openai.ChatMessageRoleSystem, Content: system}}
	text, err := a.runbook(ctx, "postgres")
	if err != nil {
		return "", err
	}
	msgs = append(msgs, openai.ChatCompletionMessage{Role: openai.ChatMessageRoleUser, Content: alert + "\n\nRunbook:\n" + text})
	// ok: universal_prompt_injection
	resp, err := a.llm.CreateChatCompletion(ctx, openai.ChatCompletionRequest{Model: openai.GPT4o, Messages: msgs, MaxTokens: 600})
	if err != nil {
		return "", err
	}
	return resp.Choices[0].Message.Content, nil
}
