package web

import (
	"net/http"
	"text/template"
)

func PreviewHandler(w http.ResponseWriter, r *http.Request) {
	// ruleid: prompt_template
	t, err := template.New("preview").Parse(r.FormValue("tpl"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	t.Execute(w, map[string]string{"user": "guest"})
}

func Fixed() (*template.Template, error) {
	// ok: prompt_template
	return template.New("fixed").Parse("Hello {{.Name}}")
}
