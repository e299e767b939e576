package agent

import (
	"net/http"

	"github.com/tmc/langchaingo/prompts"
)

// The request's text becomes the template of the system message.
func TemplateHandler(w http.ResponseWriter, r *http.Request) {
	role := r.FormValue("role")
	chat := prompts.NewChatPromptTemplate([]prompts.MessageFormatter{
		// ruleid: universal_prompt_injection
		prompts.NewSystemMessagePromptTemplate("You are "+role+". Answer briefly.", nil),
		prompts.NewHumanMessagePromptTemplate("{{.question}}", []string{"question"}),
	})
	_ = chat
}

// The request's text is a variable of a human message; the system template is constant.
func SafeTemplateHandler(w http.ResponseWriter, r *http.Request) {
	chat := prompts.NewChatPromptTemplate([]prompts.MessageFormatter{
		// ok: universal_prompt_injection
		prompts.NewSystemMessagePromptTemplate("You are a support assistant. Answer briefly.", nil),
		prompts.NewHumanMessagePromptTemplate(r.FormValue("question"), nil),
	})
	_ = chat
}
