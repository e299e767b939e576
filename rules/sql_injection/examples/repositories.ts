import { tool } from "ai";
import { z } from "zod";
import { Pool } from "pg";

const pool = new Pool();

class InvoiceRepository {
  async forCustomer(customer: string) {
    const text = `SELECT id, amount FROM invoices WHERE customer = '${customer}'`;
    // ruleid: sql_injection
    const result = await pool.query(text);
    return result.rows;
  }

  async forNumber(num: string) {
    // ok: sql_injection
    const result = await pool.query("SELECT id, amount FROM invoices WHERE number = $1", [num]);
    return result.rows;
  }
}

const invoices = new InvoiceRepository();

// The model picks the customer; the tool hands it to the repository's method.
export const listInvoices = tool({
  description: "List a customer's invoices",
  parameters: z.object({ customer: z.string(), number: z.string() }),
  execute: async ({ customer, number }) => ({ all: await invoices.forCustomer(customer), one: await invoices.forNumber(number) }),
});
