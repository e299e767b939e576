package agent

import (
	"os"

	"github.com/openai/openai-go"
	"github.com/openai/openai-go/option"
)

// ruleid: hardcoded_credentials
const groqKey = "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"

// ruleid: hardcoded_credentials
var hfToken = "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"

func NewClient() openai.Client {
	// ruleid: hardcoded_credentials
	return openai.NewClient(option.WithAPIKey("ruAKjyqPLx5vsrYpSDkkwj3fYV5eg78rQ2"))
}

func NewEnvClient() openai.Client {
	// ok: hardcoded_credentials
	return openai.NewClient(option.WithAPIKey(os.Getenv("OPENAI_API_KEY")))
}

type Config struct {
	APIKey   string
	Password string
}

func Defaults() Config {
	return Config{
		// ruleid: hardcoded_credentials
		APIKey: "r8_ASB2eSAJWD8YZ86kbKls8xbpaLdQq3y4fyrht",
		// ok: hardcoded_credentials
		Password: "changeme",
	}
}

// ok: hardcoded_credentials
const envName = "OPENAI_API_KEY"
