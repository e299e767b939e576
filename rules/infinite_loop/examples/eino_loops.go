package copyedit

import (
	"context"
	"strings"

	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/schema"
)

type Editor struct{ cm model.BaseChatModel }

func (e *Editor) review(ctx context.Context, draft string) (string, error) {
	msg, err := e.cm.Generate(ctx, []*schema.Message{schema.SystemMessage("Reply APPROVED or rewrite."), schema.UserMessage(draft)})
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(msg.Content), nil
}

// An eino chat model called until it approves: a counter that is only incremented bounds nothing.
func (e *Editor) Polish(ctx context.Context, draft string) (string, error) {
	round := 0
	for {
		round++
		// ruleid: infinite_loop
		revised, err := e.review(ctx, draft)
		if err != nil || revised == "APPROVED" {
			return draft, err
		}
		draft = revised
	}
}

func (e *Editor) PolishBounded(ctx context.Context, draft string) (string, error) {
	for round := 0; round < 5; round++ {
		// ok: infinite_loop
		revised, err := e.review(ctx, draft)
		if err != nil || revised == "APPROVED" {
			return draft, err
		}
		draft = revised
	}
	return draft, nil
}
