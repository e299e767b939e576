package agent

import (
	"context"
	"strings"
	"time"

	"github.com/tmc/langchaingo/llms"
)

func Iterate(ctx context.Context, llm llms.Model, draft string) string {
	passes := 0
	for {
		// ok: infinite_loop
		out, _ := llms.GenerateFromSinglePrompt(ctx, llm, draft, llms.WithMaxTokens(400))
		draft = out
		passes++
		if passes >= 5 {
			return draft
		}
	}
}

func UntilDone(ctx context.Context, llm llms.Model, draft string) string {
	begun := time.Now()
	for {
		// ok: infinite_loop
		out, _ := llms.GenerateFromSinglePrompt(ctx, llm, draft, llms.WithMaxTokens(400))
		if time.Since(begun) > 2*time.Minute {
			return out
		}
		draft = out
	}
}

func Watch(ctx context.Context, llm llms.Model, draft string) string {
	for {
		select {
		case <-ctx.Done():
			return draft
		default:
		}
		// ok: infinite_loop
		out, _ := llms.GenerateFromSinglePrompt(ctx, llm, draft, llms.WithMaxTokens(400))
		draft = out
	}
}

func Converge(ctx context.Context, llm llms.Model, draft string) string {
	for {
		// ruleid: infinite_loop
		out, _ := llms.GenerateFromSinglePrompt(ctx, llm, draft, llms.WithMaxTokens(400))
		if strings.HasPrefix(out, "FINAL") {
			return out
		}
		draft = out
	}
}

// a search position compared with 0 asks whether the answer holds a marker: no count, no bound
func UntilMarked(ctx context.Context, llm llms.Model, draft string) string {
	for {
		// ruleid: infinite_loop
		out, _ := llms.GenerateFromSinglePrompt(ctx, llm, draft, llms.WithMaxTokens(400))
		if at := strings.Index(out, "FINAL ANSWER:"); at >= 0 {
			return out[at:]
		}
		draft = out
	}
}

func Serve(ctx context.Context, llm llms.Model, inbox <-chan string, outbox chan<- string) {
	for {
		msg := <-inbox
		// ok: infinite_loop
		out, _ := llms.GenerateFromSinglePrompt(ctx, llm, msg, llms.WithMaxTokens(400))
		outbox <- out
	}
}
