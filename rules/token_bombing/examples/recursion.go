package agent

import (
	"context"
	"strings"

	"github.com/tmc/langchaingo/llms"
)

func Outline(ctx context.Context, llm llms.Model, topic string, depth int) string {
	// ok: token_bombing
	out, _ := llms.GenerateFromSinglePrompt(ctx, llm, topic)
	if depth > 2 {
		return out
	}
	return out + Outline(ctx, llm, out, depth+1)
}

type Writer struct{ llm llms.Model }

func (w *Writer) Elaborate(ctx context.Context, topic string) string {
	// ruleid: token_bombing
	out, _ := llms.GenerateFromSinglePrompt(ctx, w.llm, topic)
	if strings.Contains(out, "MORE") {
		return w.Elaborate(ctx, out)
	}
	return out
}

func Rewrite(ctx context.Context, llm llms.Model, draft string) string {
	for {
		if ctx.Err() != nil {
			return draft
		}
		// ok: token_bombing
		out, _ := llms.GenerateFromSinglePrompt(ctx, llm, draft)
		draft = out
	}
}

// A length check on the model's reply is no depth limit.
func Compress(ctx context.Context, llm llms.Model, text string) string {
	// ruleid: token_bombing
	out, _ := llms.GenerateFromSinglePrompt(ctx, llm, "Compress: "+text)
	if len(out) > 3000 {
		return Compress(ctx, llm, out)
	}
	return out
}

// A level parameter counted down bounds it.
func Expand(ctx context.Context, llm llms.Model, idea string, level int) string {
	// ok: token_bombing
	out, _ := llms.GenerateFromSinglePrompt(ctx, llm, idea)
	if level <= 0 {
		return out
	}
	return Expand(ctx, llm, out, level-1)
}
