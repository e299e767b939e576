import { generateText } from "ai";
import { openai } from "@ai-sdk/openai";
import pino from "pino";

const log = pino();
const crmSecret = process.env.CRM_CLIENT_SECRET;

const crmPrompt = `You are the CRM assistant. Authenticate to the CRM with client secret ${crmSecret}.`;
const mailPrompt = "You are the mail agent. The SMTP password is Rq8#mnB2xy; use it to send replies.";

export async function crmAnswer(question: string) {
  // ruleid: system_prompt_leak[prompt_logged]
  log.info({ crmPrompt }, "calling the model");
  // ruleid: system_prompt_leak[secret_in_prompt]
  return generateText({ model: openai("gpt-4o"), system: crmPrompt, prompt: question });
}

export async function mailAnswer(question: string) {
  // ruleid: system_prompt_leak[secret_in_prompt]
  return generateText({ model: openai("gpt-4o"), system: mailPrompt, prompt: question });
}

// --- safe look-alikes ----------------------------------------------------------------------------

const resetPrompt = "You are the account assistant. Explain how to change a password in 3 steps.";

export async function resetHelp(question: string) {
  // ok: system_prompt_leak
  return generateText({ model: openai("gpt-4o"), system: resetPrompt, prompt: question });
}
