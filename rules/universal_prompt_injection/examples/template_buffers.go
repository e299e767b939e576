package assistant

import (
	"bytes"
	"net/http"
	"strings"
	"text/template"

	"github.com/tmc/langchaingo/llms"
)

var systemTmpl = template.Must(template.New("system").Parse("You are the assistant of the {{.Team}} team. House rules: {{.Rules}}"))

type Assistant struct{ LLM llms.Model }

// A template executed into a buffer carries the data it was given.
func (a *Assistant) Chat(w http.ResponseWriter, r *http.Request) {
	var buf bytes.Buffer
	_ = systemTmpl.Execute(&buf, map[string]string{"Team": r.FormValue("team"), "Rules": r.FormValue("rules")})
	msgs := []llms.MessageContent{
		// ruleid: universal_prompt_injection
		llms.TextParts(llms.ChatMessageTypeSystem, buf.String()),
		llms.TextParts(llms.ChatMessageTypeHuman, r.FormValue("q")),
	}
	resp, err := a.LLM.GenerateContent(r.Context(), msgs, llms.WithMaxTokens(256))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Write([]byte(resp.Choices[0].Content))
}

// The same template filled with the application's own values.
func (a *Assistant) Fixed(w http.ResponseWriter, r *http.Request) {
	var sb strings.Builder
	_ = systemTmpl.Execute(&sb, map[string]string{"Team": "billing", "Rules": "be brief"})
	msgs := []llms.MessageContent{
		// ok: universal_prompt_injection
		llms.TextParts(llms.ChatMessageTypeSystem, sb.String()),
		llms.TextParts(llms.ChatMessageTypeHuman, r.FormValue("q")),
	}
	resp, err := a.LLM.GenerateContent(r.Context(), msgs, llms.WithMaxTokens(256))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Write([]byte(resp.Choices[0].Content))
}
