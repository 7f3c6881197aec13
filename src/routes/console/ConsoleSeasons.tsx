import "./console.css";
import "./console-accounts.css";
import { useState } from "react";
import { useLoaderData, useRevalidator } from "react-router";
import type { seasonsLoader } from "./console.loader";
import { ConsoleFrame } from "../../components/console/ConsoleFrame";
import { ConfirmPanel, useConfirm } from "../../components/console/Confirm";
import { consoleWrite } from "../../components/console/console-write";
import { PRESEASON_MESSAGE } from "../../domain/preseason";
import { ConsoleStatus, type ConsoleMessage } from "../../components/console/ConsoleStatus";

type Season = Awaited<ReturnType<typeof seasonsLoader>>["seasons"][number];

/**
 * The console's seasons: each season's preseason mode (spec §4). On, every fixture of that season
 * gives way to 'New fixtures coming soon' on the home page, /matches and /streamer (its results
 * still show): the club turns it on while next season's fixtures are being entered, and off to
 * publish them. Turning it on asks first, since it hides fixtures site-wide.
 */
export default function ConsoleSeasons() {
  const { seasons, access } = useLoaderData<typeof seasonsLoader>();
  const { revalidate } = useRevalidator();
  const [message, setMessage] = useState<ConsoleMessage>(null);
  const canEdit = access.capabilities.includes("settings.edit");

  return (
    <ConsoleFrame access={access} title="Seasons">
      <section className="console__section" aria-labelledby="seasons-heading">
        <h2 id="seasons-heading" className="console__heading">
          Seasons
        </h2>
        <p className="console__note">
          In preseason mode a season's fixtures are replaced by ‘{PRESEASON_MESSAGE}’ on the home page, the fixtures pages and the streamer; its results still
          show.
        </p>
        <ConsoleStatus message={message} />
        <div className="console__table-wrap">
          <table className="console__table">
            <thead>
              <tr>
                <th scope="col">Season</th>
                <th scope="col">Fixtures to play</th>
                <th scope="col">Preseason mode</th>
              </tr>
            </thead>
            <tbody>
              {seasons.map((s) => (
                <SeasonRow
                  key={s.slug}
                  season={s}
                  canEdit={canEdit}
                  onChanged={async (text, kind) => {
                    setMessage({ kind, text });
                    await revalidate();
                  }}
                />
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </ConsoleFrame>
  );
}

function SeasonRow({ season, canEdit, onChanged }: { season: Season; canEdit: boolean; onChanged: (text: string, kind: "done" | "error") => Promise<void> }) {
  const confirm = useConfirm<"on">();
  const [busy, setBusy] = useState(false);

  async function set(on: boolean) {
    setBusy(true);
    const result = await consoleWrite("PUT", `/seasons/${season.slug}/preseason`, { preseason: on });
    setBusy(false);
    confirm.done();
    await onChanged(result.ok ? `Preseason mode is ${on ? "on" : "off"} for ${season.name}.` : result.detail, result.ok ? "done" : "error");
  }

  return (
    <tr data-season={season.slug}>
      <th scope="row">{season.name}</th>
      <td className="console__num">{season.fixtures}</td>
      <td>
        {confirm.asking ? (
          <ConfirmPanel confirm={confirm} title={`Turn on preseason mode for ${season.name}?`} yes="Yes, turn it on" busy={busy} onYes={() => void set(true)}>
            {season.fixtures === 1 ? "Its one fixture" : `Its ${season.fixtures} fixtures`} will be hidden from the site until you turn it off.
          </ConfirmPanel>
        ) : canEdit ? (
          <button
            type="button"
            role="switch"
            aria-checked={season.preseason}
            aria-label={`Preseason mode for ${season.name}`}
            className="console__button"
            ref={confirm.button("on")}
            disabled={busy}
            onClick={() => (season.preseason ? void set(false) : confirm.ask("on"))}
          >
            {season.preseason ? "On · turn off" : "Off · turn on"}
          </button>
        ) : (
          <span>{season.preseason ? "On" : "Off"}</span>
        )}
      </td>
    </tr>
  );
}
