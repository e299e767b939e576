package auth

import (
	"os"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// Go keeps signing keys as bytes.
// ruleid: hardcoded_credentials
var jwtSigningKey = []byte("f9Kq2LmZ7xR4vT8wN3bY6cH1jD5sG0pA")

var sessionSecret = []byte(os.Getenv("SESSION_SECRET"))

// ok: hardcoded_credentials
var webhookSecret = []byte("your-webhook-secret-goes-here-xx")

func Issue(user string) (string, error) {
	t := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{"sub": user, "exp": time.Now().Add(time.Hour).Unix()})
	_ = sessionSecret
	_ = webhookSecret
	return t.SignedString(jwtSigningKey)
}
