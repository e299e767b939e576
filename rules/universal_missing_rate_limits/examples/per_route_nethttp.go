package main

import (
	"context"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/httprate"
	"github.com/sashabaranov/go-openai"
	"golang.org/x/time/rate"
)

var client = openai.NewClient("key")
var bucket = rate.NewLimiter(5, 10)

func throttle(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !bucket.Allow() {
			http.Error(w, "slow down", http.StatusTooManyRequests)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func chat(w http.ResponseWriter, r *http.Request) {
	// ok: universal_missing_rate_limits
	resp, _ := client.CreateChatCompletion(context.Background(), openai.ChatCompletionRequest{Model: "gpt-4o-mini"})
	w.Write([]byte(resp.Choices[0].Message.Content))
}

func complete(w http.ResponseWriter, r *http.Request) {
	// ruleid: universal_missing_rate_limits
	resp, _ := client.CreateChatCompletion(context.Background(), openai.ChatCompletionRequest{Model: "gpt-4o-mini"})
	w.Write([]byte(resp.Choices[0].Message.Content))
}

func ask(w http.ResponseWriter, r *http.Request) {
	// ok: universal_missing_rate_limits
	resp, _ := client.CreateChatCompletion(context.Background(), openai.ChatCompletionRequest{Model: "gpt-4o-mini"})
	w.Write([]byte(resp.Choices[0].Message.Content))
}

func main() {
	mux := http.NewServeMux()
	mux.Handle("/chat", throttle(http.HandlerFunc(chat)))
	mux.HandleFunc("/complete", complete)
	r := chi.NewRouter()
	r.With(httprate.LimitByIP(10, time.Minute)).Post("/ask", ask)
	r.Mount("/", mux)
	http.ListenAndServe(":8080", r)
}
