/** Times in the console are UTC, as the stored rows are: staff compare them with logs and Stripe's dashboard. */
export const utcMinute = (iso: string): string => `${new Date(iso).toISOString().slice(0, 16).replace("T", " ")} UTC`;
export const utcHour = (iso: string): string => new Date(iso).toISOString().slice(11, 16);
