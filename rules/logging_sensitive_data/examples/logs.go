package main

import (
	"log"
	"os"
)

func main() {
	apiKey := os.Getenv("OPENAI_API_KEY")
	// ruleid: logging_sensitive_data
	log.Printf("starting agent with key %s", apiKey)
	// ok: logging_sensitive_data
	log.Printf("starting agent, key set: %t", len(apiKey) > 0)
	// ruleid: logging_sensitive_data
	log.Println("anthropic key", os.Getenv("ANTHROPIC_API_KEY"))
	// ok: logging_sensitive_data
	log.Println("model", os.Getenv("MODEL_NAME"))
}
