// A middleware factory wraps the whole mux: every route is covered.
package main

import (
	"net/http"

	"github.com/tmc/langchaingo/chains"
)

var chain chains.Chain

func gate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") == "" {
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func ask(w http.ResponseWriter, r *http.Request) {
	// ok: missing_authorization
	out, _ := chains.Run(r.Context(), chain, r.URL.Query().Get("q"))
	w.Write([]byte(out))
}

func main() {
	mux := http.NewServeMux()
	mux.HandleFunc("/ask", ask)
	http.ListenAndServe(":8080", gate(mux))
}
