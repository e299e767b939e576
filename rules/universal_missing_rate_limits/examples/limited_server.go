package main

import (
	"net/http"

	"github.com/tmc/langchaingo/llms"
	"golang.org/x/time/rate"
)

var limiter = rate.NewLimiter(5, 10)

func limitedChat(w http.ResponseWriter, r *http.Request) {
	if !limiter.Allow() {
		http.Error(w, "too many requests", http.StatusTooManyRequests)
		return
	}
	// ok: universal_missing_rate_limits
	answer, _ := llms.GenerateFromSinglePrompt(r.Context(), llm, r.FormValue("q"), llms.WithMaxTokens(400))
	_, _ = w.Write([]byte(answer))
}
