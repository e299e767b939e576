import { StructuredTool as LcStructuredTool, Tool } from "@langchain/core/tools"
import * as fs from "node:fs"
import Stripe from "stripe"
import { z } from "zod"

export class RefundTool extends LcStructuredTool {
  name = "refund_charge"
  description = "Refund a customer's charge"
  schema = z.object({ chargeId: z.string(), amount: z.number() })
  private stripe = new Stripe(process.env.STRIPE_KEY ?? "")

  async _call(input: { chargeId: string; amount: number }) {
    // ruleid: missing_human_oversight
    const refund = await this.stripe.refunds.create({ charge: input.chargeId, amount: input.amount })
    return refund.status ?? "pending"
  }
}

export class PurgeUploads extends Tool {
  name = "purge_upload"
  description = "Delete an uploaded file"

  _call = async (relative: string) => {
    const target = `/srv/uploads/${relative}`
    // ruleid: missing_human_oversight
    fs.rmSync(target, { force: true })
    return "deleted"
  }
}

export class CleanTmp extends Tool {
  name = "clean_tmp"
  description = "Clear the scratch directory"

  async _call(_ignored: string) {
    // ok: missing_human_oversight
    fs.rmSync("/tmp/agent-scratch", { recursive: true, force: true })
    return "cleared"
  }
}

class LocalHelper {
  async _call(path: string) {
    // ok: missing_human_oversight
    fs.rmSync(path)
  }
}

export const helper = new LocalHelper()
