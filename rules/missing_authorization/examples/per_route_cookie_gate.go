// A same-file middleware that answers 401 guards the route it wraps.
package main

import (
	"net/http"

	"github.com/tmc/langchaingo/chains"
)

var chain chains.Chain

func sessionOnly(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if _, err := r.Cookie("sid"); err != nil {
			http.Error(w, "sign in first", http.StatusUnauthorized)
			return
		}
		next(w, r)
	}
}

func members(w http.ResponseWriter, r *http.Request) {
	// ok: missing_authorization
	out, _ := chains.Run(r.Context(), chain, r.FormValue("q"))
	w.Write([]byte(out))
}

func guests(w http.ResponseWriter, r *http.Request) {
	// ruleid: missing_authorization[unauthenticated_agent_endpoint]
	out, _ := chains.Run(r.Context(), chain, r.FormValue("q"))
	w.Write([]byte(out))
}

func main() {
	http.HandleFunc("/members", sessionOnly(members))
	http.HandleFunc("/guests", guests)
	http.ListenAndServe(":8080", nil)
}
