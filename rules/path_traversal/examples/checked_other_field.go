package main

import (
	"net/http"
	"os"
	"path/filepath"
)

var modes = map[string]bool{"inline": true, "attachment": true}

// the handler checks one query field (mode) against a fixed set; the other (name) stays the caller's
func serveDoc(w http.ResponseWriter, r *http.Request) {
	mode := r.URL.Query().Get("mode")
	if !modes[mode] {
		http.Error(w, "bad mode", http.StatusBadRequest)
		return
	}
	// ruleid: path_traversal
	data, err := os.ReadFile(filepath.Join("/srv/docs", r.URL.Query().Get("name")))
	if err != nil {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Disposition", mode)
	w.Write(data)
}

// the checked field itself picks the file: the check holds for it
func serveTemplate(w http.ResponseWriter, r *http.Request) {
	mode := r.URL.Query().Get("mode")
	if !modes[mode] {
		http.Error(w, "bad mode", http.StatusBadRequest)
		return
	}
	// ok: path_traversal
	data, _ := os.ReadFile(filepath.Join("/srv/templates", mode+".html"))
	w.Write(data)
}

func main() {
	http.HandleFunc("/doc", serveDoc)
	http.HandleFunc("/tpl", serveTemplate)
	http.ListenAndServe(":8080", nil)
}
