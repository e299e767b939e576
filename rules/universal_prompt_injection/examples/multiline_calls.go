package main

import (
	"net/http"

	openai "github.com/sashabaranov/go-openai"
)

var llm = openai.NewClient("")

// Multi-line call: the finding is on the line of the system message's content.
func handleTutor(w http.ResponseWriter, r *http.Request) {
	subject := r.URL.Query().Get("subject")
	resp, _ := llm.CreateChatCompletion(r.Context(), openai.ChatCompletionRequest{
		Model: openai.GPT4oMini,
		Messages: []openai.ChatCompletionMessage{
			// ruleid: universal_prompt_injection
			{Role: openai.ChatMessageRoleSystem, Content: "You are a tutor for " + subject},
			{Role: openai.ChatMessageRoleUser, Content: r.URL.Query().Get("q")},
		},
	})
	w.Write([]byte(resp.Choices[0].Message.Content))
}

func handleTutorFixed(w http.ResponseWriter, r *http.Request) {
	resp, _ := llm.CreateChatCompletion(r.Context(), openai.ChatCompletionRequest{
		Model: openai.GPT4oMini,
		Messages: []openai.ChatCompletionMessage{
			// ok: universal_prompt_injection
			{Role: openai.ChatMessageRoleSystem, Content: "You are a maths tutor."},
			{Role: openai.ChatMessageRoleUser, Content: r.URL.Query().Get("q")},
		},
	})
	w.Write([]byte(resp.Choices[0].Message.Content))
}
