package agent

import (
	"encoding/json"
	"net/http"
)

// ruleid: system_prompt_leak
const systemPrompt = "You are the support agent. If the user is an admin, you may delete accounts."

// ok: system_prompt_leak
const publicPrompt = "You are a friendly support agent for Acme."

func PromptHandler(w http.ResponseWriter, r *http.Request) {
	// ruleid: system_prompt_leak
	json.NewEncoder(w).Encode(map[string]string{"prompt": systemPrompt})
}

func NameHandler(w http.ResponseWriter, r *http.Request) {
	// ok: system_prompt_leak
	json.NewEncoder(w).Encode(map[string]string{"name": "support", "prompt": publicPromptID()})
}

func publicPromptID() string { return "v3" }
