package locales

import (
	"net/http"
	"os"
	"slices"
)

var locales = []string{"en", "de", "fr"}

func Messages(w http.ResponseWriter, r *http.Request) {
	locale := r.URL.Query().Get("locale")
	if slices.Contains(locales, locale) {
		// ok: path_traversal
		data, _ := os.ReadFile("/srv/locales/" + locale + ".json")
		_, _ = w.Write(data)
		return
	}
	// ruleid: path_traversal
	data, _ := os.ReadFile("/srv/locales/" + locale + ".json")
	_, _ = w.Write(data)
}
