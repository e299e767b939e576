package chat

import (
	"context"
	"net/http"
	"sync"

	openai "github.com/sashabaranov/go-openai"
)

type Server struct {
	client *openai.Client
}

var (
	lock     sync.Mutex
	sessions = map[string][]openai.ChatCompletionMessage{}
	windows  = map[string][]openai.ChatCompletionMessage{}
	journal  []openai.ChatCompletionMessage
)

func (s *Server) Reply(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("X-Session")
	lock.Lock()
	sessions[id] = append(sessions[id], openai.ChatCompletionMessage{Role: openai.ChatMessageRoleUser, Content: r.FormValue("text")})
	turns := sessions[id]
	lock.Unlock()
	// ruleid: context_exhaustion
	out, err := s.client.CreateChatCompletion(r.Context(), openai.ChatCompletionRequest{Model: openai.GPT4oMini, Messages: turns})
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	w.Write([]byte(out.Choices[0].Message.Content))
}

func (s *Server) Windowed(ctx context.Context, id, text string) (string, error) {
	windows[id] = append(windows[id], openai.ChatCompletionMessage{Role: openai.ChatMessageRoleUser, Content: text})
	if n := len(windows[id]); n > 16 {
		windows[id] = windows[id][n-16:]
	}
	// ok: context_exhaustion
	out, err := s.client.CreateChatCompletion(ctx, openai.ChatCompletionRequest{Model: openai.GPT4oMini, Messages: windows[id]})
	if err != nil {
		return "", err
	}
	return out.Choices[0].Message.Content, nil
}

func (s *Server) Note(ctx context.Context, text string) (string, error) {
	journal = append(journal, openai.ChatCompletionMessage{Role: openai.ChatMessageRoleUser, Content: text})
	req := openai.ChatCompletionRequest{Model: openai.GPT4oMini, Messages: journal}
	// ruleid: context_exhaustion
	out, err := s.client.CreateChatCompletion(ctx, req)
	if err != nil {
		return "", err
	}
	return out.Choices[0].Message.Content, nil
}
