import { data, type LoaderFunctionArgs } from "react-router";
import type { Loaders, PageContext } from "../../../worker/pages/loader";
import { CAPABILITY_REQUIRED_DETAIL } from "../../../worker/console/capabilities";
import { liveEventById } from "../../../worker/live-ingest/live-events";
import { readRecording, recordingView } from "../../../worker/live-replay/recording";
import { replaysOf } from "../../../worker/live-replay/replays";
import { found, notFound } from "../../data/not-found";
import type { ConsoleAccess } from "../../schemas/console-staff";
import { can, capabilitiesOf } from "../../domain/staff-roles";

/**
 * A live event's console page (/admin/live/{id}): its recording and its replays, a loader module
 * of its own beside console.loader.ts with the same rule (the 404 for anyone but staff, a 403
 * without `live.manage`). Its writes are worker/console/live-replay.ts. Never stored in the page cache.
 */
function staffWithLive({ staff }: PageContext): ConsoleAccess {
  if (!staff) notFound();
  if (!can(staff.roles, "live.manage")) throw data(CAPABILITY_REQUIRED_DETAIL, { status: 403, statusText: "Forbidden" });
  return { ssoID: staff.ssoID, roles: [...staff.roles], capabilities: capabilitiesOf(staff.roles) };
}

/** /admin/live/{id}: the event, its recording (null: nothing recorded) and its replays; an unknown event is the 404. */
export async function liveEventLoader({ params }: LoaderFunctionArgs, context: PageContext) {
  const access = staffWithLive(context);
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(params.id ?? "")) notFound();
  const event = found(await liveEventById(context.env.DB, params.id ?? ""));
  const [recording, replays] = await Promise.all([readRecording(context.env, event), replaysOf(context.env.DB, event.id)]);
  return { event, recording: recordingView(recording), replays, canMakeReplay: can(context.staff?.roles ?? [], "video.manage"), access, pageCache: false as const };
}

export const loaders = {
  "admin/live/:id": liveEventLoader,
} satisfies Loaders;
