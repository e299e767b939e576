package agent

import (
	"context"
	"fmt"
	"log"
	"log/slog"
	"os"

	"github.com/tmc/langchaingo/llms"
)

type Settings struct {
	Token  string
	Region string
}

func load() Settings {
	return Settings{Token: os.Getenv("GITHUB_TOKEN"), Region: os.Getenv("AWS_REGION")}
}

func Start(ctx context.Context, llm llms.Model, question string) (string, error) {
	s := load()
	// ruleid: logging_sensitive_data[secret]
	slog.Info("settings", "token", s.Token)
	// ok: logging_sensitive_data
	slog.Info("settings", "region", s.Region)
	key := os.Getenv("OPENAI_API_KEY")
	line := fmt.Sprintf("key=%s", key)
	// ruleid: logging_sensitive_data[secret]
	log.Println(line)
	// ok: logging_sensitive_data
	log.Printf("key suffix %s", key[len(key)-4:])
	prompt := fmt.Sprintf("You are a triage assistant. Classify: %s", question)
	// ruleid: logging_sensitive_data[prompt]
	log.Printf("prompt: %s", prompt)
	answer, err := llms.GenerateFromSinglePrompt(ctx, llm, prompt)
	// ok: logging_sensitive_data
	log.Printf("answer length %d", len(answer))
	return answer, err
}
