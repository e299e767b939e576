package agent

import (
	"encoding/json"
	"io"
	"net/http"

	"github.com/gin-gonic/gin"
	openai "github.com/sashabaranov/go-openai"
)

var llm = openai.NewClient("")

type briefing struct {
	Audience string `json:"audience"`
	Text     string `json:"text"`
}

// The request body is decoded into a struct; its fields are request data.
func BriefHandler(w http.ResponseWriter, r *http.Request) {
	var b briefing
	if err := json.NewDecoder(r.Body).Decode(&b); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	system := "Write for this audience: " + b.Audience
	_, _ = llm.CreateChatCompletion(r.Context(), openai.ChatCompletionRequest{Model: openai.GPT4o, Messages: []openai.ChatCompletionMessage{
		// ruleid: universal_prompt_injection
		{Role: openai.ChatMessageRoleSystem, Content: system},
		{Role: openai.ChatMessageRoleUser, Content: b.Text},
	}})
}

func RawBriefHandler(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(r.Body)
	var in briefing
	_ = json.Unmarshal(raw, &in)
	msgs := []openai.ChatCompletionMessage{{Role: openai.ChatMessageRoleSystem, Content: in.Audience}}
	// ruleid: universal_prompt_injection
	_, _ = llm.CreateChatCompletion(r.Context(), openai.ChatCompletionRequest{Model: openai.GPT4o, Messages: msgs})
}

func GinBrief(c *gin.Context) {
	var req briefing
	if err := c.ShouldBindJSON(&req); err != nil {
		return
	}
	_, _ = llm.CreateChatCompletion(c, openai.ChatCompletionRequest{Model: openai.GPT4o, Messages: []openai.ChatCompletionMessage{
		// ruleid: universal_prompt_injection
		{Role: openai.ChatMessageRoleSystem, Content: "Audience: " + req.Audience},
	}})
}

// --- safe look-alikes ----------------------------------------------------------------------------

// The decoded text goes in the user message; the system message is constant.
func SafeBriefHandler(w http.ResponseWriter, r *http.Request) {
	var b briefing
	_ = json.NewDecoder(r.Body).Decode(&b)
	// ok: universal_prompt_injection
	_, _ = llm.CreateChatCompletion(r.Context(), openai.ChatCompletionRequest{Model: openai.GPT4o, Messages: []openai.ChatCompletionMessage{
		{Role: openai.ChatMessageRoleSystem, Content: "Write a short briefing."},
		{Role: openai.ChatMessageRoleUser, Content: b.Audience + "\n" + b.Text},
	}})
}

// A constant configuration decoded from a literal is not request data.
func ConfiguredBrief(w http.ResponseWriter, r *http.Request) {
	var cfg briefing
	_ = json.Unmarshal([]byte(`{"audience":"engineers"}`), &cfg)
	// ok: universal_prompt_injection
	_, _ = llm.CreateChatCompletion(r.Context(), openai.ChatCompletionRequest{Model: openai.GPT4o, Messages: []openai.ChatCompletionMessage{
		{Role: openai.ChatMessageRoleSystem, Content: "Audience: " + cfg.Audience},
	}})
}
