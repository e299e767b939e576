package docs

import (
	"net/http"
	"os"
	"path"
	"path/filepath"
)

const docsRoot = "/srv/docs"

// A path made absolute, then cleaned, cannot climb above "/": joined to the root it stays inside.
func page(w http.ResponseWriter, r *http.Request) {
	name := filepath.Clean("/" + r.URL.Query().Get("page"))
	// ok: path_traversal
	b, err := os.ReadFile(filepath.Join(docsRoot, name))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Write(b)
}

func asset(w http.ResponseWriter, r *http.Request) {
	p := path.Clean("/" + r.PathValue("asset"))
	// ok: path_traversal
	http.ServeFile(w, r, docsRoot+p)
}

// Cleaning a relative path keeps its leading "../".
func draft(w http.ResponseWriter, r *http.Request) {
	name := filepath.Clean(r.URL.Query().Get("draft"))
	// ruleid: path_traversal
	b, err := os.ReadFile(filepath.Join(docsRoot, "drafts", name))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Write(b)
}
