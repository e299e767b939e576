package agent

import (
	"context"

	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/components/tool/utils"

	"example.com/app/payments"
)

type PayoutInput struct {
	Recipient string `json:"recipient"`
	AmountUSD int64  `json:"amount_usd"`
}

func PayoutTools(pay *payments.Client) ([]tool.BaseTool, error) {
	send, err := utils.InferTool("send_payout", "Send money to a vendor", func(ctx context.Context, in *PayoutInput) (string, error) {
		// ruleid: missing_audit_logging
		return pay.Transfer(ctx, in.Recipient, in.AmountUSD)
	})
	if err != nil {
		return nil, err
	}
	sweep, err := utils.InferTool("sweep_fees", "Move collected fees to the treasury account", func(ctx context.Context, in *PayoutInput) (string, error) {
		// ok: missing_audit_logging
		return pay.Transfer(ctx, "treasury", 0)
	})
	return []tool.BaseTool{send, sweep}, err
}
