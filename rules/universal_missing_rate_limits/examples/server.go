package main

import (
	"encoding/json"
	"net/http"

	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/openai"
)

var llm, _ = openai.New()

func chatHandler(w http.ResponseWriter, r *http.Request) {
	// ruleid: universal_missing_rate_limits
	answer, err := llms.GenerateFromSinglePrompt(r.Context(), llm, r.FormValue("q"), llms.WithMaxTokens(400))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	_ = json.NewEncoder(w).Encode(map[string]string{"answer": answer})
}

// ok: universal_missing_rate_limits
func healthHandler(w http.ResponseWriter, r *http.Request) {
	_, _ = w.Write([]byte("ok"))
}

func main() {
	http.HandleFunc("/chat", chatHandler)
	http.HandleFunc("/health", healthHandler)
	http.HandleFunc("/summarize", func(w http.ResponseWriter, r *http.Request) {
		// ruleid: universal_missing_rate_limits
		summary, _ := llms.GenerateFromSinglePrompt(r.Context(), llm, "Summarize: "+r.FormValue("text"), llms.WithMaxTokens(300))
		_, _ = w.Write([]byte(summary))
	})
	_ = http.ListenAndServe(":8080", nil)
}
