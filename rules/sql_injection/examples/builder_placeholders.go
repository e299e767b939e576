package main

import (
	"database/sql"
	"net/http"
	"strconv"
	"strings"
)

var db *sql.DB

func listOrders(w http.ResponseWriter, r *http.Request) {
	var b strings.Builder
	args := []any{}
	b.WriteString("SELECT id, total FROM orders WHERE 1=1")
	if c := r.URL.Query().Get("customer"); c != "" {
		args = append(args, c)
		b.WriteString(" AND customer = $" + strconv.Itoa(len(args)))
	}
	// ok: sql_injection
	rows, _ := db.QueryContext(r.Context(), b.String(), args...)
	defer rows.Close()

	var raw strings.Builder
	raw.WriteString("SELECT id FROM orders WHERE status = '")
	raw.WriteString(r.URL.Query().Get("status"))
	raw.WriteString("'")
	// ruleid: sql_injection
	more, _ := db.QueryContext(r.Context(), raw.String())
	defer more.Close()
}
