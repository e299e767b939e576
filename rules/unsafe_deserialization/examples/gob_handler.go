package state

import (
	"bytes"
	"encoding/gob"
	"encoding/json"
	"net/http"
)

type Session struct {
	User  string
	Steps []string
}

func RestoreHandler(w http.ResponseWriter, r *http.Request) {
	var s Session
	// ruleid: unsafe_deserialization
	if err := gob.NewDecoder(r.Body).Decode(&s); err != nil {
		http.Error(w, "bad session", http.StatusBadRequest)
	}
}

func RestoreJSONHandler(w http.ResponseWriter, r *http.Request) {
	var s Session
	// ok: unsafe_deserialization
	_ = json.NewDecoder(r.Body).Decode(&s)
}

func Clone(s Session) (Session, error) {
	var buf bytes.Buffer
	var out Session
	if err := gob.NewEncoder(&buf).Encode(s); err != nil {
		return out, err
	}
	// ok: unsafe_deserialization
	err := gob.NewDecoder(&buf).Decode(&out)
	return out, err
}
