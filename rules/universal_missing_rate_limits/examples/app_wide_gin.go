// A limiter on the root engine covers every route; one on a group covers the group's routes only.
package main

import (
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/sashabaranov/go-openai"
	"golang.org/x/time/rate"
)

var client = openai.NewClient("key")

func perClient(l *rate.Limiter) gin.HandlerFunc {
	return func(c *gin.Context) {
		if !l.Allow() {
			c.AbortWithStatus(http.StatusTooManyRequests)
			return
		}
		c.Next()
	}
}

func chat(c *gin.Context) {
	// ok: universal_missing_rate_limits
	resp, _ := client.CreateChatCompletion(c, openai.ChatCompletionRequest{Model: "gpt-4o-mini"})
	c.String(http.StatusOK, resp.Choices[0].Message.Content)
}

func main() {
	r := gin.Default()
	r.Use(perClient(rate.NewLimiter(5, 10)))
	r.POST("/chat", chat)
	r.Run()
}
