// A net/http service that sends each request to the model, with no authentication.
package main

import (
	"encoding/json"
	"net/http"

	openai "github.com/sashabaranov/go-openai"
)

var client = openai.NewClient("")

func health(w http.ResponseWriter, r *http.Request) {
	w.Write([]byte("ok"))
}

func chat(w http.ResponseWriter, r *http.Request) {
	var body struct{ Message string }
	json.NewDecoder(r.Body).Decode(&body)
	// ruleid: missing_authorization[unauthenticated_model_endpoint]
	resp, err := client.CreateChatCompletion(r.Context(), openai.ChatCompletionRequest{
		Model:    openai.GPT4oMini,
		Messages: []openai.ChatCompletionMessage{{Role: openai.ChatMessageRoleUser, Content: body.Message}},
	})
	if err != nil {
		http.Error(w, err.Error(), 500)
		return
	}
	json.NewEncoder(w).Encode(resp.Choices[0].Message.Content)
}

func main() {
	http.HandleFunc("/health", health)
	http.HandleFunc("/chat", chat)
	http.ListenAndServe("127.0.0.1:8080", nil)
}
