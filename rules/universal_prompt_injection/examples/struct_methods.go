package triage

import (
	"context"
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/openai"
)

type event struct {
	Title string `json:"title"`
	Body  string `json:"body"`
}

type labeller struct{ llm llms.Model }

// A value of a type of the file, made as a struct literal, calls its method: the method's parameter
// is what the handler bound from the request.
func (l *labeller) mixed(ctx context.Context, ev event) (*llms.ContentResponse, error) {
	guide := fmt.Sprintf("You label issues. Issue: %s\n%s", ev.Title, ev.Body)
	// ruleid: universal_prompt_injection
	return l.llm.GenerateContent(ctx, []llms.MessageContent{llms.TextParts(llms.ChatMessageTypeSystem, guide)})
}

func (l *labeller) apart(ctx context.Context, ev event) (*llms.ContentResponse, error) {
	// ok: universal_prompt_injection
	return l.llm.GenerateContent(ctx, []llms.MessageContent{
		llms.TextParts(llms.ChatMessageTypeSystem, "You label issues: bug, feature or docs."),
		llms.TextParts(llms.ChatMessageTypeHuman, ev.Title+"\n"+ev.Body),
	})
}

func Routes(r *gin.Engine) {
	model, _ := openai.New()
	l := &labeller{llm: model}
	r.POST("/hooks/issues", func(c *gin.Context) {
		var ev event
		if err := c.ShouldBindJSON(&ev); err != nil {
			c.Status(http.StatusBadRequest)
			return
		}
		a, _ := l.mixed(c.Request.Context(), ev)
		b, _ := l.apart(c.Request.Context(), ev)
		c.JSON(http.StatusOK, gin.H{"a": a, "b": b})
	})
}
