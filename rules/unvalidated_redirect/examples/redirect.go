package web

import (
	"net/http"
	"net/url"
)

func ContinueHandler(w http.ResponseWriter, r *http.Request) {
	// ruleid: unvalidated_redirect
	http.Redirect(w, r, r.URL.Query().Get("next"), http.StatusFound)
}

func SafeContinueHandler(w http.ResponseWriter, r *http.Request) {
	next := r.URL.Query().Get("next")
	u, err := url.Parse(next)
	if err != nil || u.Host != "" {
		http.Error(w, "bad redirect", http.StatusBadRequest)
		return
	}
	// ok: unvalidated_redirect
	http.Redirect(w, r, next, http.StatusFound)
}

func HomeHandler(w http.ResponseWriter, r *http.Request) {
	_ = r.URL.Query().Get("tab")
	// ok: unvalidated_redirect
	http.Redirect(w, r, "/home", http.StatusFound)
}

func LocationHandler(w http.ResponseWriter, r *http.Request) {
	dest := r.FormValue("dest")
	// ruleid: unvalidated_redirect
	w.Header().Set("Location", dest)
	w.WriteHeader(http.StatusFound)
}

func loginTarget(base string) string {
	return base + "?from=login"
}

func LoginHandler(w http.ResponseWriter, r *http.Request) {
	// ruleid: unvalidated_redirect
	http.Redirect(w, r, loginTarget(r.FormValue("back")), http.StatusFound)
}

func DocsHandler(w http.ResponseWriter, r *http.Request) {
	// ok: unvalidated_redirect
	http.Redirect(w, r, "https://docs.example.com/search?q="+url.QueryEscape(r.FormValue("q")), http.StatusFound)
}
