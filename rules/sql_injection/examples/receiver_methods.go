package inventory

import (
	"fmt"
	"net/http"

	"github.com/jmoiron/sqlx"
)

type Item struct {
	ID    int    `db:"id"`
	Label string `db:"label"`
}

type Catalog struct {
	db *sqlx.DB
}

func (c *Catalog) byLabel(label string) ([]Item, error) {
	var items []Item
	query := fmt.Sprintf("SELECT id, label FROM items WHERE label = '%s'", label)
	// ruleid: sql_injection
	err := c.db.Select(&items, query)
	return items, err
}

func (c *Catalog) byID(id string) ([]Item, error) {
	var items []Item
	// ok: sql_injection
	err := c.db.Select(&items, "SELECT id, label FROM items WHERE id = $1", id)
	return items, err
}

// The handler is a method too: the query parameter reaches byLabel through the receiver.
func (c *Catalog) Search(w http.ResponseWriter, r *http.Request) {
	_, _ = c.byLabel(r.URL.Query().Get("label"))
	_, _ = c.byID(r.URL.Query().Get("id"))
}
