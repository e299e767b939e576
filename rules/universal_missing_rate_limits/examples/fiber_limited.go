package api

import (
	"context"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/limiter"
	openai "github.com/sashabaranov/go-openai"
)

// every route of this app passes fiber's limiter first
func NewLimitedApp(llm *openai.Client) *fiber.App {
	app := fiber.New()
	app.Use(limiter.New(limiter.Config{Max: 20, Expiration: time.Minute}))
	app.Post("/v1/summarize", func(c *fiber.Ctx) error {
		var body struct{ Text string }
		if err := c.BodyParser(&body); err != nil {
			return fiber.ErrBadRequest
		}
		// ok: universal_missing_rate_limits
		resp, err := llm.CreateChatCompletion(context.Background(), openai.ChatCompletionRequest{
			Model:     openai.GPT4oMini,
			MaxTokens: 400,
			Messages:  []openai.ChatCompletionMessage{{Role: openai.ChatMessageRoleUser, Content: body.Text}},
		})
		if err != nil {
			return err
		}
		return c.JSON(fiber.Map{"summary": resp.Choices[0].Message.Content})
	})
	return app
}
