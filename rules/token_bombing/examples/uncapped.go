package agent

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"github.com/tmc/langchaingo/llms"
)

func Refine(ctx context.Context, llm llms.Model, draft string) string {
	for {
		// ruleid: token_bombing
		out, err := llms.GenerateFromSinglePrompt(ctx, llm, draft)
		if err != nil || strings.Contains(out, "LGTM") {
			return out
		}
		draft = out
	}
}

func RefineCapped(ctx context.Context, llm llms.Model, draft string) string {
	for {
		// ok: token_bombing
		out, err := llms.GenerateFromSinglePrompt(ctx, llm, draft, llms.WithMaxTokens(512))
		if err != nil || strings.Contains(out, "LGTM") {
			return out
		}
		draft = out
	}
}

func Expand(ctx context.Context, llm llms.Model, topic string) string {
	// ruleid: token_bombing
	out, _ := llms.GenerateFromSinglePrompt(ctx, llm, topic)
	for _, line := range strings.Split(out, "\n") {
		out += Expand(ctx, llm, line)
	}
	return out
}

func Summarize(ctx context.Context, llm llms.Model, doc string) string {
	// ok: token_bombing
	out, _ := llms.GenerateFromSinglePrompt(ctx, llm, doc)
	return out
}

func Handler(llm llms.Model) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(r.FormValue("max_tokens"))
		// ok: token_bombing
		capped, _ := llms.GenerateFromSinglePrompt(r.Context(), llm, r.FormValue("q"), llms.WithMaxTokens(min(n, 1024)))
		// ruleid: token_bombing
		out, _ := llms.GenerateFromSinglePrompt(r.Context(), llm, r.FormValue("q"), llms.WithMaxTokens(mustAtoi(r.FormValue("max_tokens"))))
		_, _ = w.Write([]byte(capped + out))
	}
}

func mustAtoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
