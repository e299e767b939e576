// A predicate of the file (a function or a method) that returns true only where a containment check
// of its parameter holds confines the path its caller checks with it; one that also returns true
// otherwise does not.
package files

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
)

type Server struct{ roots []string }

func (s *Server) within(p string) bool {
	abs, err := filepath.Abs(p)
	if err != nil {
		return false
	}
	abs = abs + string(filepath.Separator)
	for _, root := range s.roots {
		if strings.HasPrefix(abs, root) {
			return true
		}
	}
	return false
}

func underPublic(p string) bool {
	if !strings.HasPrefix(filepath.Clean(p), "/srv/public/") {
		return false
	}
	return true
}

// true for every name with a dot: not a check of where the path is
func looksLikeFile(p string) bool {
	if strings.Contains(p, ".") {
		return true
	}
	return strings.HasPrefix(p, "/srv/public/")
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("file")
	if !s.within(name) {
		http.Error(w, "forbidden", http.StatusForbidden)
		return
	}
	// ok: path_traversal
	data, err := os.ReadFile(name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Write(data)
}

func public(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("file")
	if underPublic(name) {
		// ok: path_traversal
		http.ServeFile(w, r, name)
		return
	}
	if !looksLikeFile(name) {
		return
	}
	// ruleid: path_traversal
	http.ServeFile(w, r, name)
}
