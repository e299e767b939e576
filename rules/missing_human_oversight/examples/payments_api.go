package support

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"

	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/components/tool/utils"
)

type RefundArgs struct {
	OrderID     string `json:"order_id"`
	AmountCents int64  `json:"amount_cents"`
}

type paymentsAPI struct {
	base  string
	token string
}

func (p *paymentsAPI) refund(ctx context.Context, orderID string, cents int64) (string, error) {
	body, _ := json.Marshal(map[string]any{"order_id": orderID, "amount": cents})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, p.base+"/v2/refunds", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Authorization", "Bearer "+p.token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	return resp.Status, nil
}

func (p *paymentsAPI) orderStatus(ctx context.Context, orderID string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.base+"/v2/orders/"+orderID, nil)
	if err != nil {
		return "", err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	return resp.Status, nil
}

type desk struct {
	pay *paymentsAPI
}

func (d *desk) issueRefund(ctx context.Context, a RefundArgs) (string, error) {
	// ruleid: missing_human_oversight
	return d.pay.refund(ctx, a.OrderID, a.AmountCents)
}

func (d *desk) lookUpOrder(ctx context.Context, a RefundArgs) (string, error) {
	// ok: missing_human_oversight
	return d.pay.orderStatus(ctx, a.OrderID)
}

func NewDeskTools() ([]tool.InvokableTool, error) {
	d := &desk{pay: &paymentsAPI{base: os.Getenv("PAYMENTS_URL"), token: os.Getenv("PAYMENTS_TOKEN")}}
	refund, err := utils.InferTool("issue_refund", "Refund a customer's order.", d.issueRefund)
	if err != nil {
		return nil, err
	}
	status, err := utils.InferTool("order_status", "Look up an order.", d.lookUpOrder)
	if err != nil {
		return nil, err
	}
	return []tool.InvokableTool{refund, status}, nil
}
