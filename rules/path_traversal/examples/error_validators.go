// Validators of the file that return only an error: where the caller goes on only when the error is
// nil, a helper each of whose nil returns follows a containment check of its parameter confines the
// argument; one that returns nil without such a check (or checks something else) does not.
package files

import (
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
)

const root = "/srv/data"

type Store struct{ base string }

func validatePath(p string) error {
	clean := filepath.Clean(p)
	if !strings.HasPrefix(clean, root+string(filepath.Separator)) {
		return fmt.Errorf("outside root: %s", p)
	}
	return nil
}

func (s *Store) checkInside(p string) error {
	abs, err := filepath.Abs(p)
	if err != nil {
		return err
	}
	rel, err := filepath.Rel(s.base, abs)
	if err != nil || strings.HasPrefix(rel, "..") {
		return errors.New("outside base")
	}
	return nil
}

func within(base, p string) error {
	if !strings.HasPrefix(filepath.Clean(p), base) {
		return errors.New("outside")
	}
	return nil
}

// returns nil before looking at the path
func validateLoose(p string) error {
	if p == "" {
		return nil
	}
	if strings.Contains(p, "..") {
		return errors.New("dots")
	}
	return nil
}

// checks the length, not where the path is
func validateLength(p string) error {
	if len(p) > 255 {
		return errors.New("too long")
	}
	return nil
}

// a substring test: "a/../../etc" without ".." cannot be written, but an absolute path passes
func noDots(p string) error {
	if strings.Contains(p, "..") {
		return errors.New("dots")
	}
	return nil
}

func readDirect(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("file")
	if err := validatePath(name); err != nil {
		http.Error(w, err.Error(), http.StatusForbidden)
		return
	}
	// ok: path_traversal
	data, _ := os.ReadFile(name)
	w.Write(data)
}

func (s *Store) readMethod(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("file")
	err := s.checkInside(name)
	if err != nil {
		http.Error(w, err.Error(), http.StatusForbidden)
		return
	}
	// ok: path_traversal
	data, _ := os.ReadFile(name)
	w.Write(data)
}

func readTwoParams(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("file")
	if within(root, name) != nil {
		return
	}
	// ok: path_traversal
	http.ServeFile(w, r, name)
}

func readLoose(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("file")
	if err := validateLoose(name); err != nil {
		return
	}
	// ruleid: path_traversal
	data, _ := os.ReadFile(name)
	w.Write(data)
}

func readLength(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("file")
	if err := validateLength(name); err != nil {
		return
	}
	// ruleid: path_traversal
	http.ServeFile(w, r, name)
}

func readUnchecked(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("file")
	_ = validatePath(name)
	// ruleid: path_traversal
	data, _ := os.ReadFile(name)
	w.Write(data)
}

func readNoDots(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("file")
	if err := noDots(name); err != nil {
		return
	}
	// ruleid: path_traversal
	data, _ := os.ReadFile(name)
	w.Write(data)
}
