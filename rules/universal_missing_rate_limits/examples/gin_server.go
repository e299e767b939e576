package main

import (
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/sashabaranov/go-openai"
)

var client = openai.NewClient("")

func ask(c *gin.Context) {
	q := c.Query("q")
	// ruleid: universal_missing_rate_limits
	resp, err := client.CreateChatCompletion(c.Request.Context(), openai.ChatCompletionRequest{
		Model:     openai.GPT4oMini,
		MaxTokens: 300,
		Messages:  []openai.ChatCompletionMessage{{Role: openai.ChatMessageRoleUser, Content: q}},
	})
	if err != nil {
		c.String(http.StatusBadGateway, err.Error())
		return
	}
	c.String(http.StatusOK, resp.Choices[0].Message.Content)
}

func ping(c *gin.Context) {
	// ok: universal_missing_rate_limits
	c.String(http.StatusOK, "pong")
}

func main() {
	r := gin.Default()
	r.GET("/ask", ask)
	r.GET("/ping", ping)
	_ = r.Run(":8080")
}
