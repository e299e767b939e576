package agent

import (
	"os"

	openai "github.com/sashabaranov/go-openai"
)

// go-openai takes the key as its constructors' first argument, in any format
func NewGateway() *openai.Client {
	// ruleid: hardcoded_credentials
	cfg := openai.DefaultConfig("9fK2mQ7xL4pW8vN3bT6yR1cH5jZ0dS4aG7eU2iO8kP3qX6wE")
	cfg.BaseURL = "https://llm-gateway.internal.example.com/v1"
	return openai.NewClientWithConfig(cfg)
}

func NewAzure() *openai.Client {
	// ruleid: hardcoded_credentials
	return openai.NewClientWithConfig(openai.DefaultAzureConfig("3f9c2a7e5b1d4c8fa06e9b2d7c4f1a85", "https://acme.openai.azure.com/"))
}

func NewFromEnv() *openai.Client {
	// ok: hardcoded_credentials
	return openai.NewClient(os.Getenv("OPENAI_API_KEY"))
}

func NewPlaceholder() *openai.Client {
	// ok: hardcoded_credentials
	return openai.NewClient("your-openai-api-key-goes-here")
}
