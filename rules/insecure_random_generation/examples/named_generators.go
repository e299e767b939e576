package verify

import (
	"fmt"
	mrand "math/rand"
	"math/rand/v2"
)

// A code mailed to a person who forgot their password
func NewResetCode() string {
	// ruleid: insecure_random_generation
	n := rand.IntN(1000000)
	return fmt.Sprintf("%06d", n)
}

func makeOTP() int {
	// ruleid: insecure_random_generation
	return mrand.Intn(900000) + 100000
}

type issuer struct {
	rng *mrand.Rand
}

func (i *issuer) sessionID() uint64 {
	// ruleid: insecure_random_generation
	return i.rng.Uint64()
}

func pickGreeting(options []string) string {
	// ok: insecure_random_generation
	return options[rand.IntN(len(options))]
}

func retryDelayMillis(attempt int) int {
	// ok: insecure_random_generation
	return attempt*250 + mrand.Intn(100)
}
