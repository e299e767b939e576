// Go's MatchString finds a match anywhere: only a pattern anchored at both ends that allows no shell
// syntax validates the value (a package-level regexp.MustCompile or a literal pattern).
package tools

import (
	"net/http"
	"os/exec"
	"regexp"
)

var commitID = regexp.MustCompile(`^[0-9a-f]{7,40}$`)
var loose = regexp.MustCompile(`[0-9a-f]{7,40}`)

func Show(w http.ResponseWriter, r *http.Request) {
	sha := r.URL.Query().Get("sha")
	if !commitID.MatchString(sha) {
		http.Error(w, "bad sha", http.StatusBadRequest)
		return
	}
	// ok: code_execution
	out, _ := exec.Command("sh", "-c", "git show "+sha).Output()
	w.Write(out)
}

func ShowLoose(w http.ResponseWriter, r *http.Request) {
	sha := r.URL.Query().Get("sha")
	// "abc1234; rm -rf ~" contains a match
	if !loose.MatchString(sha) {
		http.Error(w, "bad sha", http.StatusBadRequest)
		return
	}
	// ruleid: code_execution
	out, _ := exec.Command("sh", "-c", "git show "+sha).Output()
	w.Write(out)
}
