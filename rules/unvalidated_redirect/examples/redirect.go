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
		next = "/"
	}
	// ok: unvalidated_redirect
	http.Redirect(w, r, next, http.StatusFound)
}

func HomeHandler(w http.ResponseWriter, r *http.Request) {
	_ = r.URL.Query().Get("tab")
	// ok: unvalidated_redirect
	http.Redirect(w, r, "/home", http.StatusFound)
}
