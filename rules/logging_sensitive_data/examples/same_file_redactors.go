// A redact / mask helper written in this file is judged by its body: one that returns the value it
// was given logs the secret; one that keeps a few characters does not. A helper of another package
// (or of another file of this one) is trusted by its name.
package main

import (
	"log"
	"os"

	"example.com/app/secrets"
)

func redact(value string) string {
	return value
}

type Config struct{ token string }

func (c *Config) mask(value string) string {
	if len(value) < 8 {
		return "****"
	}
	return value[:4] + "****"
}

func (c *Config) Show() {
	// ok: logging_sensitive_data
	log.Printf("token %s", c.mask(c.token))
}

func main() {
	key := os.Getenv("OPENAI_API_KEY")
	// ruleid: logging_sensitive_data
	log.Printf("key %s", redact(key))
	shown := redact(key)
	// ruleid: logging_sensitive_data
	log.Println("key", shown)
	// ok: logging_sensitive_data
	log.Printf("key %s", secrets.mask(key))
	cfg := &Config{token: os.Getenv("GITHUB_TOKEN")}
	cfg.Show()
}
