package notes

import (
	"context"
	"os"
	"path/filepath"
)

// A langchaingo tool whose directory is a field of the tool: only the model's name is untrusted.
type NoteReader struct {
	Dir     string
	Allowed map[string]bool
}

func (n NoteReader) Name() string        { return "read_note" }
func (n NoteReader) Description() string { return "Reads a note by file name" }

func (n NoteReader) Call(ctx context.Context, input string) (string, error) {
	// ok: path_traversal
	b, err := os.ReadFile(filepath.Join(n.Dir, filepath.Base(input)))
	if err != nil {
		return "", err
	}
	return string(b), nil
}

type NoteWriter struct{ Dir string }

func (w NoteWriter) Name() string        { return "write_note" }
func (w NoteWriter) Description() string { return `Input: "<name>|<text>"` }

func (w NoteWriter) Call(ctx context.Context, input string) (string, error) {
	name, text, _ := cutPipe(input)
	// ruleid: path_traversal
	if err := os.WriteFile(filepath.Join(w.Dir, name), []byte(text), 0o600); err != nil {
		return "", err
	}
	return "saved", nil
}

type NoteLister struct {
	Dir     string
	Folders map[string]bool
}

func (l NoteLister) Name() string        { return "list_notes" }
func (l NoteLister) Description() string { return "Lists the notes of one folder" }

func (l NoteLister) Call(ctx context.Context, folder string) (string, error) {
	if !l.Folders[folder] {
		return "unknown folder", nil
	}
	// ok: path_traversal
	entries, err := os.ReadDir(l.Dir + "/" + folder)
	if err != nil {
		return "", err
	}
	return entries[0].Name(), nil
}

func cutPipe(s string) (string, string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == '|' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}
