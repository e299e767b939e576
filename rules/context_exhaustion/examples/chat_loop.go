// A history appended to in a loop reading stdin lines grows for the whole session; a window kept by
// reslicing is silent.
package main

import (
	"bufio"
	"context"
	"os"

	"github.com/tmc/langchaingo/llms"
)

func chat(ctx context.Context, model llms.Model) {
	turns := []llms.MessageContent{}
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		turns = append(turns, llms.TextParts(llms.ChatMessageTypeHuman, in.Text()))
		// ruleid: context_exhaustion
		resp, err := model.GenerateContent(ctx, turns, llms.WithMaxTokens(300))
		if err != nil {
			return
		}
		turns = append(turns, llms.TextParts(llms.ChatMessageTypeAI, resp.Choices[0].Content))
	}
}

func windowedChat(ctx context.Context, model llms.Model) {
	turns := []llms.MessageContent{}
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		turns = append(turns, llms.TextParts(llms.ChatMessageTypeHuman, in.Text()))
		if len(turns) > 10 {
			turns = turns[len(turns)-10:]
		}
		// ok: context_exhaustion
		resp, err := model.GenerateContent(ctx, turns, llms.WithMaxTokens(300))
		if err != nil {
			return
		}
		turns = append(turns, llms.TextParts(llms.ChatMessageTypeAI, resp.Choices[0].Content))
	}
}
