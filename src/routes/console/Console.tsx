import "./console.css";
import { useEffect } from "react";
import { useLoaderData, useRevalidator } from "react-router";
import type { liveNowLoader } from "./console.loader";
import { ConsoleFrame } from "../../components/console/ConsoleFrame";
import { ConsoleTable, numeric, TitledTable } from "../../components/console/ConsoleTable";
import { LIVE_NOW_POLL_MS } from "../../domain/live-now";
import type { LiveNow } from "../../schemas/console";

const time = (iso: string) => new Date(iso).toISOString().slice(11, 16);
const kickoff = (iso: string) => `${new Date(iso).toISOString().slice(0, 10)} ${time(iso)} UTC`;

/**
 * The club's console, for staff. 'Live now' asks again every few seconds by revalidating
 * its route: the same loader, the same 404 once the staff role or the session is gone.
 */
export default function Console() {
  const { live, access } = useLoaderData<typeof liveNowLoader>();
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && state === "idle") void revalidate();
    }, LIVE_NOW_POLL_MS);
    return () => clearInterval(timer);
  }, [revalidate, state]);
  const status = (
    <>
      Updated <time dateTime={live.at}>{time(live.at)} UTC</time>, every {LIVE_NOW_POLL_MS / 1000} seconds
    </>
  );
  return (
    <ConsoleFrame access={access} title="Live now" status={status}>
      <LiveNowSection live={live} />
    </ConsoleFrame>
  );
}

function LiveNowSection({ live }: { live: LiveNow }) {
  const refused = live.refusals.reduce((n, r) => n + r.refusals, 0);
  const supporters = live.matchRooms.reduce((n, r) => n + r.supporters, 0);
  return (
    <section className="console__section" aria-labelledby="live-now">
      <h2 id="live-now" className="console__heading">Live now</h2>
      <dl className="console__stats">
        <div className="console__stat">
          <dt>Viewers</dt>
          <dd data-stat="viewers">{live.totalViewers}</dd>
        </div>
        <div className="console__stat">
          <dt>Refusals at the limit, last 30 minutes</dt>
          <dd data-stat="refusals">{refused}</dd>
        </div>
        <div className="console__stat">
          <dt>Supporters in match rooms</dt>
          <dd data-stat="supporters">{supporters}</dd>
        </div>
      </dl>

      <TitledTable
        title="Live streams"
        empty="No live stream is active and nobody is watching."
        columns={["Stream", "Type", numeric("Viewers"), "Devices"]}
        rows={live.streams}
        row={(s) => (
          <tr key={s.assetID} data-stream={s.assetID}>
            <th scope="row">{s.title}</th>
            <td>{s.mediaType}</td>
            <td className="console__num" data-viewers>{s.viewers}</td>
            <td>{s.devices.length === 0 ? "–" : s.devices.map((d) => `${d.device} × ${d.sessions}`).join(", ")}</td>
          </tr>
        )}
      />

      <Refusals refusals={live.refusals} />

      <TitledTable
        title="Match rooms"
        empty="No match is live or near its kick-off."
        columns={["Match", "Kick-off", numeric("Supporters connected")]}
        rows={live.matchRooms}
        row={(r) => (
          <tr key={r.matchID}>
            <th scope="row">{r.title}</th>
            <td>{kickoff(r.kickoff)}</td>
            <td className="console__num">{r.supporters}</td>
          </tr>
        )}
      />
    </section>
  );
}

/** Session checks refused at the concurrency limit: a bar per minute, and the minutes that had any. */
function Refusals({ refusals }: { refusals: LiveNow["refusals"] }) {
  const peak = Math.max(1, ...refusals.map((r) => r.refusals));
  return (
    <>
      <h3 className="console__subheading" id="refusals">Refusals at the concurrency limit, per minute</h3>
      {/* The bars are a picture of the table below it, which carries the numbers. */}
      <div className="console__bars" aria-hidden="true">
        {refusals.map((r) => (
          <span key={r.minute} className={r.refusals > 0 ? "console__bar" : "console__bar console__bar--none"} style={{ height: `${(r.refusals / peak) * 100}%` }} title={`${time(r.minute)}: ${r.refusals}`} />
        ))}
      </div>
      <ConsoleTable
        labelledBy="refusals"
        columns={["Minute (UTC)", numeric("Refusals")]}
        rows={refusals.filter((r) => r.refusals > 0)}
        emptyRow="None in the last 30 minutes"
        row={(r) => (
          <tr key={r.minute}>
            <td>{time(r.minute)}</td>
            <td className="console__num">{r.refusals}</td>
          </tr>
        )}
      />
    </>
  );
}
