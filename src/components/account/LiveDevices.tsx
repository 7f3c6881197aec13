import { useCallback, useEffect, useState } from "react";
import { buttonClassName } from "../Button";
import { useAppState } from "../../state/store";
import ClubTime from "../ClubTime";
import type { LiveDevice } from "../../schemas/live-session";

/**
 * The account's live streams as named devices: browser and OS, when it
 * started, 'this device'; 'Sign out other devices' releases the others, whose playback stops at
 * their next playlist reload. Read from /api/session/devices when the account panel opens.
 */
export function LiveDevices() {
  const [devices, setDevices] = useState<LiveDevice[] | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    // The schema (zod) loads beside the call, so it never weighs on a first visit.
    const [response, schema] = await Promise.all([
      fetch("/api/session/devices", { credentials: "same-origin", headers: { accept: "application/json" } }).catch(() => null),
      import("../../schemas/live-session").then((m) => m.liveDevicesAnswerSchema, () => null),
    ]);
    const body: unknown = await response?.json().catch(() => null);
    const parsed = schema?.safeParse(body);
    setDevices(parsed?.success ? parsed.data.data : []);
  }, []);

  // Fresh each time the panel opens: streams start and stop while the page stays.
  const { state } = useAppState();
  const open = state.accountHeaderOpen;
  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  async function signOutOthers() {
    setBusy(true);
    await fetch("/api/session/devices/sign-out-others", { method: "POST", credentials: "same-origin" }).catch(() => null);
    await load();
    setBusy(false);
  }

  if (!devices || devices.length === 0) return null;
  const others = devices.some((d) => !d.attributes.thisDevice);
  return (
    <section className="live-devices" aria-labelledby="live-devices-heading">
      <h3 className="live-devices__heading" id="live-devices-heading">
        Live streams on your devices
      </h3>
      <ul className="live-devices__list">
        {devices.map((d) => (
          <li key={d.id} className="live-devices__item">
            <span className="live-devices__name">{d.attributes.device}</span>
            {d.attributes.thisDevice ? <span className="live-devices__this"> (this device)</span> : null}
            <span className="live-devices__started"> started <ClubTime iso={d.attributes.startedAt} format="kickOff" />, <ClubTime iso={d.attributes.startedAt} format="date" /></span>
          </li>
        ))}
      </ul>
      {others ? (
        <button type="button" className={buttonClassName({ type: "ghost-dark" })} onClick={signOutOthers} disabled={busy}>
          <span className="btn__text">Sign out other devices</span>
        </button>
      ) : null}
    </section>
  );
}
