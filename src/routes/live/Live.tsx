import "../videos/videos.css";
import { useLoaderData } from "react-router";
import type { liveLoader } from "./live.loader";
import type { LiveAsset } from "../../schemas/videos";
import { club } from "../../config/club";
import { DocumentTitle } from "../../components/DocumentTitle";
import { PageHead } from "../../components/PageHead";
import { TvNav } from "../../components/video/TvNav";
import { LiveCard } from "../../components/live/LiveCard";
import { useVideoLock } from "../../components/video/use-video-lock";
import Button from "../../components/Button";
import { useLiveUpgrade } from "../../components/live/use-live-upgrade";
import { LiveUpgradeOffer } from "../../components/live/LiveUpgradeOffer";
import { liveUpgradeOffer } from "../../domain/live-upgrade";
import { sitePaths } from "../paths";

const STATUS_ORDER: Record<LiveAsset["status"], number> = { active: 0, idle: 1, disabled: 2 };

export default function Live() {
  const { assets } = useLoaderData<typeof liveLoader>();
  const isLocked = useVideoLock();
  const ordered = [...assets].sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || (a.startsAt ?? "").localeCompare(b.startsAt ?? ""));
  const groups = [
    { title: "Live Video", items: ordered.filter((a) => a.mediaType === "video") },
    { title: "Live Audio Commentary", items: ordered.filter((a) => a.mediaType === "audio") },
  ].filter((g) => g.items.length > 0);
  // The upgrade notice (spec §8) is the live upgrade data's offer, shown when a listed stream is
  // locked for a viewer its requireUpgradeEntitlement offers the upgrade to ('?': everyone).
  const upgrade = useLiveUpgrade();
  const lockedEntitlements = assets.filter((a) => isLocked(a.entitlements)).flatMap((a) => a.entitlements);

  return (
    <div className="tv tv--live">
      <DocumentTitle page={`Live | ${club.tvName}`} />
      <PageHead title="Live" eyebrow={club.tvName} lead="Live matches, press conferences and commentary from every Rovers side." size="compact" />
      <TvNav />
      {lockedEntitlements.length > 0 && upgrade.offered ? (
        <LiveUpgradeOffer className="live-upgrade--bar" offer={liveUpgradeOffer(upgrade.data, lockedEntitlements)} />
      ) : null}
      {groups.length === 0 ? (
        <section className="page-section">
          <div className="empty-state">
            <h2 className="empty-state__title">Nothing live right now</h2>
            <p>Live coverage appears here on match days. Catch up on highlights and replays in the meantime.</p>
            <Button type="primary-dark" inline href={sitePaths.videos} text={`Go to ${club.tvName}`} />
          </div>
        </section>
      ) : (
        groups.map((group) => (
          <section className="page-section" key={group.title}>
            <div className="page-section__head">
              <h2 className="page-section__title">{group.title}</h2>
            </div>
            <div className="video-grid">
              {group.items.map((asset) => (
                <LiveCard key={asset.id} asset={asset} locked={isLocked(asset.entitlements)} />
              ))}
            </div>
          </section>
        ))
      )}
    </div>
  );
}
