package audit

import (
	"log/slog"
	"net/http"
	"time"
)

type callRecord struct {
	Method   string
	Path     string
	Headers  http.Header
	Duration time.Duration
}

// A middleware that copies the request's headers into an audit record and logs the record's
// headers: the Authorization header goes to the log with them.
func Trail(logger *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			entry := callRecord{Method: r.Method, Path: r.URL.Path, Headers: r.Header.Clone()}
			next.ServeHTTP(w, r)
			entry.Duration = time.Since(start)
			// ruleid: logging_sensitive_data
			logger.Info("call", "method", entry.Method, "path", entry.Path, "headers", entry.Headers)
			// ok: logging_sensitive_data
			logger.Info("call", "method", entry.Method, "path", entry.Path, "ms", entry.Duration.Milliseconds())
		})
	}
}
