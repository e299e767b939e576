import { tool } from "ai";
import { z } from "zod";
import { wallet } from "./wallet";

export const sendFunds = tool({
  description: "Move funds between two wallets",
  inputSchema: z.object({ from: z.string(), to: z.string(), amount: z.number() }),
  execute: async ({ from, to, amount }) => {
    // ruleid: missing_human_oversight
    const receipt = await wallet.transfer(from, to, amount);
    return receipt.id;
  },
});

export const sendFundsApproved = tool({
  description: "Move funds between two wallets after approval",
  inputSchema: z.object({ from: z.string(), to: z.string(), amount: z.number() }),
  needsApproval: true,
  execute: async ({ from, to, amount }) => {
    // ok: missing_human_oversight
    const receipt = await wallet.transfer(from, to, amount);
    return receipt.id;
  },
});
