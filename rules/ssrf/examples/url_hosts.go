// A URL's host (`url.Parse(raw)` then `.Hostname()` / `.Host`) checked against an allow-list (a map
// lookup, slices.Contains) or a constant before the request is safe; a check of the scheme alone is not.
package tools

import (
	"io"
	"net/http"
	"net/url"
	"slices"
)

var allowedHosts = map[string]bool{"api.example.com": true}
var partnerHosts = []string{"partner.example.com"}

func FetchAllowed(w http.ResponseWriter, r *http.Request) {
	raw := r.URL.Query().Get("url")
	u, err := url.Parse(raw)
	if err != nil || !allowedHosts[u.Hostname()] {
		w.WriteHeader(http.StatusForbidden)
		return
	}
	// ok: ssrf
	resp, err := http.Get(raw)
	if err != nil {
		return
	}
	defer resp.Body.Close()
	io.Copy(w, resp.Body)
}

func FetchPartner(w http.ResponseWriter, r *http.Request) {
	target := r.FormValue("target")
	u, err := url.Parse(target)
	if err != nil || !slices.Contains(partnerHosts, u.Host) {
		w.WriteHeader(http.StatusForbidden)
		return
	}
	// ok: ssrf
	resp, _ := http.Get(u.String())
	io.Copy(w, resp.Body)
}

func FetchExact(w http.ResponseWriter, r *http.Request) {
	target := r.FormValue("target")
	u, err := url.Parse(target)
	if err != nil || u.Hostname() != "api.example.com" {
		w.WriteHeader(http.StatusForbidden)
		return
	}
	// ok: ssrf
	resp, _ := http.Get(target)
	io.Copy(w, resp.Body)
}

func FetchAnyWeb(w http.ResponseWriter, r *http.Request) {
	target := r.FormValue("target")
	u, err := url.Parse(target)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	// ruleid: ssrf
	resp, _ := http.Get(target)
	io.Copy(w, resp.Body)
}
