package tools

import (
	"context"
	"database/sql"

	"example.com/app/authctx"
	"example.com/app/obs"
)

type ShipmentLookup struct {
	DB *sql.DB
}

func (t ShipmentLookup) Name() string        { return "shipment_lookup" }
func (t ShipmentLookup) Description() string { return "Look up one of the caller's shipments" }

// The identity the application attached to the request's context, read by a package function:
// the query is scoped by it
func (t ShipmentLookup) Call(ctx context.Context, input string) (string, error) {
	customer := authctx.UserID(ctx)
	// ok: object_authorization
	row := t.DB.QueryRowContext(ctx, "SELECT status FROM shipments WHERE id = $1 AND customer_id = $2", input, customer)
	var status string
	err := row.Scan(&status)
	return status, err
}

type ShipmentAdmin struct {
	DB *sql.DB
}

func (t ShipmentAdmin) Name() string        { return "shipment_status" }
func (t ShipmentAdmin) Description() string { return "Look up a shipment" }

// A logger taken from the context is not an identity: methods called on it scope nothing
func (t ShipmentAdmin) Call(ctx context.Context, input string) (string, error) {
	logger := obs.LoggerFrom(ctx)
	logger.Info("shipment lookup", "id", input)
	// ruleid: object_authorization[read]
	row := t.DB.QueryRowContext(ctx, "SELECT status FROM shipments WHERE id = $1", input)
	var status string
	err := row.Scan(&status)
	return status, err
}
