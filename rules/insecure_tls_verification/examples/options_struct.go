package gateway

import (
	"crypto/tls"
	"net/http"
	"os"
)

type Options struct {
	BaseURL   string
	SkipCheck bool
	VerifyOff bool
}

func OptionsFromEnv() Options {
	return Options{BaseURL: os.Getenv("GATEWAY_URL"), SkipCheck: true}
}

func StrictOptions() Options {
	return Options{BaseURL: os.Getenv("GATEWAY_URL"), VerifyOff: false}
}

func transportFor(o Options) *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	// ruleid: insecure_tls_verification
	t.TLSClientConfig = &tls.Config{InsecureSkipVerify: o.SkipCheck}
	return t
}

func strictTransport(o Options) *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	// ok: insecure_tls_verification
	t.TLSClientConfig = &tls.Config{InsecureSkipVerify: o.VerifyOff}
	return t
}
