import { DurableObject } from "cloudflare:workers";
import { nextDue, publishDue } from "./schedule";

/**
 * ArticleScheduler: one object (named "news") whose alarm is set to the next scheduled article's
 * time. Alarms fire under `wrangler dev` with nothing else running, where the cron does not, and
 * in production within seconds of their time. It lives with the news feature, not in
 * durable-objects/, because its whole job is the worker's own publishing code (publish.ts), which
 * objects there may not import. It keeps no state of its own: the schedule is the articles table,
 * so a lost alarm is re-armed by the next schedule change or the cron's sweep.
 */
export class ArticleScheduler extends DurableObject<Env> {
  /** Sets the alarm to the next due article (or clears it when none is scheduled). */
  async rearm(): Promise<void> {
    const due = await nextDue(this.env.DB);
    if (due === null) {
      await this.ctx.storage.deleteAlarm();
      return;
    }
    const current = await this.ctx.storage.getAlarm();
    if (current !== due) await this.ctx.storage.setAlarm(Math.max(due, Date.now()));
  }

  override async alarm(): Promise<void> {
    await publishDue(this.env, new Date());
    await this.rearm();
  }
}
