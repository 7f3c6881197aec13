import "./videos.css";
import { useState } from "react";
import { PRESEASON_MESSAGE } from "../../domain/preseason";
import { useLoaderData, useRouteLoaderData } from "react-router";
import type { streamerLoader } from "./streamer.loader";
import type { rootLoader } from "../../layouts/root.loader";
import { readSetting } from "../../data/web-settings";
import { supportEmail } from "../../domain/support-email";
import { club } from "../../config/club";
import { DocumentTitle } from "../../components/DocumentTitle";
import { FixtureRow, MatchPanel } from "../../components/match/MatchParts";
import { PackagesWidget } from "../../components/packages/PackagesWidget";
import { VideoCard } from "../../components/video/VideoCard";
import { useVideoLock } from "../../components/video/use-video-lock";
import { VoucherOverlay, voucherTexts } from "../../components/packages/VoucherOverlay";
import Button from "../../components/Button";
import { FaqItem } from "../../components/video/FaqItem";

/**
 * /streamer, inside the streamer layout (src/layouts/StreamerLayout.tsx): Upcoming Game, Available
 * Packages, Redeem a voucher code, Upcoming Fixtures, Troubleshooting (six FAQs) and the Replays
 * playlist (ten), each a section the header links scroll to.
 */
export default function Streamer() {
  const { teamName, upcoming, preseason, replays, questions } = useLoaderData<typeof streamerLoader>();
  const locked = useVideoLock();
  const [voucherOpen, setVoucherOpen] = useState(false);
  const settings = useRouteLoaderData<typeof rootLoader>("root")?.settings ?? {};
  const setting = (key: string) => readSetting(settings, `packages.${key}`);
  const support = supportEmail(readSetting(settings, "support.email"));
  const [next, ...later] = upcoming;

  return (
    <div className="streamer-page">
      <DocumentTitle page={`Official Streaming Site | ${club.tvName}`} />
      <section id="next-match" className="streamer-section streamer-section--next" aria-labelledby="next-match-title" tabIndex={-1}>
        <h2 id="next-match-title" className="streamer-section__title">Upcoming Game</h2>
        {next ? (
          <MatchPanel match={next} kind="next" teamName={teamName} />
        ) : (
          <p className="streamer-section__empty">{preseason ? PRESEASON_MESSAGE : "No upcoming games."}</p>
        )}
      </section>

      <section id="packages" className="streamer-section streamer-section--packages" aria-labelledby="packages-title" tabIndex={-1}>
        <h2 id="packages-title" className="streamer-section__title">Available Packages</h2>
        <PackagesWidget headingLevel={3} />
      </section>

      <section id="voucher" className="streamer-section streamer-section--voucher" aria-labelledby="voucher-title">
        <h2 id="voucher-title" className="streamer-section__title">Redeem a voucher code</h2>
        <p>{setting("voucherText") ?? ""}</p>
        <Button type="primary-dark" text={setting("cta1ButtonCta") ?? "Redeem a voucher"} onClick={() => setVoucherOpen(true)} />
        <VoucherOverlay
          open={voucherOpen}
          onClose={() => setVoucherOpen(false)}
          {...voucherTexts(setting)}
        />
      </section>

      <section id="fixtures" className="streamer-section streamer-section--fixtures" aria-labelledby="fixtures-title" tabIndex={-1}>
        <h2 id="fixtures-title" className="streamer-section__title">Upcoming Fixtures</h2>
        {later.length > 0 ? (
          <ul className="fixture-list">
            {later.map((m) => (
              <FixtureRow key={m.id} match={m} teamName={teamName} />
            ))}
          </ul>
        ) : (
          <p className="streamer-section__empty">{preseason ? PRESEASON_MESSAGE : "No more fixtures are scheduled yet."}</p>
        )}
      </section>

      <section id="troubleshooting" className="streamer-section streamer-section--faqs" aria-labelledby="troubleshooting-title" tabIndex={-1}>
        <h2 id="troubleshooting-title" className="streamer-section__title">Troubleshooting</h2>
        <div className="streamer-faqs">
          {questions.map((q, i) => (
            <FaqItem key={i} heading={q.heading} bodyHtml={q.bodyHtml} />
          ))}
        </div>
        {support ? (
          <p className="streamer-support">
            Still need help? Email <a href={`mailto:${support}`}>{support}</a>
          </p>
        ) : null}
      </section>

      <section id="videos" className="streamer-section streamer-section--replays" aria-labelledby="videos-title" tabIndex={-1}>
        <h2 id="videos-title" className="streamer-section__title">Replays</h2>
        {replays.length > 0 ? (
          <ul className="streamer-replays">
            {replays.map((v) => (
              <li key={v.entryId}>
                <VideoCard video={v} locked={locked(v.entitlements)} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="streamer-section__empty">No replays yet.</p>
        )}
      </section>
    </div>
  );
}
