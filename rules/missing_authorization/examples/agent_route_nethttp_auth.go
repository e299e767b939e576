// The handler wrapped by a middleware that checks the bearer token.
package main

import (
	"encoding/json"
	"net/http"
	"os"

	openai "github.com/sashabaranov/go-openai"
)

var client = openai.NewClient("")

func withAuth(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer "+os.Getenv("SERVICE_TOKEN") {
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		next(w, r)
	}
}

func chat(w http.ResponseWriter, r *http.Request) {
	var body struct{ Message string }
	json.NewDecoder(r.Body).Decode(&body)
	// ok: missing_authorization
	resp, _ := client.CreateChatCompletion(r.Context(), openai.ChatCompletionRequest{
		Model:    openai.GPT4oMini,
		Messages: []openai.ChatCompletionMessage{{Role: openai.ChatMessageRoleUser, Content: body.Message}},
	})
	json.NewEncoder(w).Encode(resp.Choices[0].Message.Content)
}

func main() {
	http.HandleFunc("/chat", withAuth(chat))
	http.ListenAndServe("127.0.0.1:8080", nil)
}
