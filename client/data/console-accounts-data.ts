import { accountDetailAnswerSchema, accountSearchAnswerSchema, type AccountDetail, type AccountSearch } from "../../src/schemas/console-accounts";
import { webhookHealthAnswerSchema, type WebhookHealth } from "../../src/schemas/console-webhooks";
import { consoleRead, type Fetch } from "./console-data";

/** The console's Accounts and Webhook health reads in the browser (issue 22 parts 4 and 5). */
export const accountSearch = (fetchFn: Fetch, origin: string, q: string): Promise<AccountSearch | null> =>
  consoleRead(fetchFn, origin, `/console/accounts?${new URLSearchParams({ q })}`, accountSearchAnswerSchema);

export const accountDetail = (fetchFn: Fetch, origin: string, ssoID: string): Promise<AccountDetail | null> =>
  consoleRead(fetchFn, origin, `/console/accounts/${encodeURIComponent(ssoID)}`, accountDetailAnswerSchema);

export const webhookHealth = (fetchFn: Fetch, origin: string): Promise<WebhookHealth | null> =>
  consoleRead(fetchFn, origin, "/console/webhooks", webhookHealthAnswerSchema);
