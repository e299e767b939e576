package files

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/gin-gonic/gin"
)

const storeDir = "/var/lib/agent/store"

type fileArgs struct {
	Path string `json:"path"`
}

type toolInvocation struct {
	Tool string   `json:"tool"`
	Args fileArgs `json:"args"`
}

// A tool call decoded from the request body names the file.
func InvokeTool(w http.ResponseWriter, r *http.Request) {
	var inv toolInvocation
	_ = json.NewDecoder(r.Body).Decode(&inv)
	target := filepath.Join(storeDir, inv.Args.Path)
	// ruleid: path_traversal
	body, err := os.ReadFile(target)
	if err != nil {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	_, _ = w.Write(body)
}

func SaveNote(c *gin.Context) {
	var in fileArgs
	if err := c.ShouldBindJSON(&in); err != nil {
		return
	}
	// ruleid: path_traversal
	_ = os.WriteFile(filepath.Join(storeDir, in.Path), []byte("note"), 0o600)
}

// --- safe look-alikes ----------------------------------------------------------------------------

// The joined path is checked to stay inside the store.
func SafeInvokeTool(w http.ResponseWriter, r *http.Request) {
	var inv toolInvocation
	_ = json.NewDecoder(r.Body).Decode(&inv)
	target := filepath.Join(storeDir, inv.Args.Path)
	rel, err := filepath.Rel(storeDir, target)
	if err != nil || strings.HasPrefix(rel, "..") {
		http.Error(w, "outside the store", http.StatusForbidden)
		return
	}
	// ok: path_traversal
	body, _ := os.ReadFile(target)
	_, _ = w.Write(body)
}
