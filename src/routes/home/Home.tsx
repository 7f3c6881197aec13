import { Suspense } from "react";
import { Link, useLoaderData } from "react-router";
import type { homeLoader } from "./home.loader";
import { club } from "../../config/club";
import { DocumentTitle } from "../../components/DocumentTitle";
import { NewsCard } from "../../components/news/NewsCard";
import { MatchPanel } from "../../components/match/MatchParts";
import { Picture } from "../../components/Picture";
import ClubTime from "../../components/ClubTime";
import { newsPath, sitePaths } from "../paths";
import { MatchdayTakeover } from "../../components/match/lazy-takeover";
import { lowerRegion } from "../../components/lower-region/lower-region";

/** Below the news, the TV strip and the fixtures: they hydrate as the reader comes near. */
const Lower = lowerRegion("home-lower", "home__lower", () => import("./HomeLower"));

export default function Home() {
  const data = useLoaderData<typeof homeLoader>();
  const [lead, ...moreHeadlines] = data.headline;
  // A feature plus eight cards fills whole rows at two, three and four columns.
  const latest = data.latestNews.slice(0, 9);
  // The takeover's match is not repeated in the panels below it.
  const [nextMatch, lastResult] = [data.nextMatch, data.lastResult].map((m) => (m && m.id !== data.takeover?.match.id ? m : null));

  return (
    <div className="home">
      <DocumentTitle page="Home" />

      {data.takeover ? (
        // Match day leads instead of the news hero; its chunk hydrates when it arrives.
        <Suspense>
          <MatchdayTakeover takeover={data.takeover} />
        </Suspense>
      ) : lead ? (
        <section className="home-hero" aria-label="Headline news">
          <div className="home-hero__media">
            <Picture imageKey={lead.imageKey} w={1920} h={1080} alt="" loading="eager" fetchPriority="high" />
          </div>
          <div className="home-hero__inner">
            <Link className="home-hero__story" to={newsPath(lead.slug)}>
              {lead.categories[0] ? <span className="home-hero__tag">{lead.categories[0].name}</span> : null}
              <h1 className="home-hero__title">{lead.title}</h1>
              {lead.summary ? <p className="home-hero__summary">{lead.summary}</p> : null}
              <span className="home-hero__meta">
                <ClubTime iso={lead.publishedAt} format="date" />
                <span className="home-hero__cta">Read story <span aria-hidden="true">→</span></span>
              </span>
            </Link>
            {moreHeadlines.length > 0 ? (
              <ul className="home-hero__more">
                {moreHeadlines.slice(0, 3).map((item) => (
                  <li key={item.id}>
                    <Link to={newsPath(item.slug)}>
                      {item.categories[0] ? <span className="home-hero__more-tag">{item.categories[0].name}</span> : null}
                      <span className="home-hero__more-title">{item.title}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </section>
      ) : (
        <section className="home-hero home-hero--plain">
          <div className="home-hero__inner">
            <h1 className="home-hero__title">{club.name}</h1>
          </div>
        </section>
      )}

      {nextMatch || lastResult ? (
        <section className="home-matches" aria-label="Matches">
          <div className="home-matches__inner">
            {nextMatch ? <MatchPanel match={nextMatch} kind="next" /> : null}
            {lastResult ? <MatchPanel match={lastResult} kind="last" /> : null}
          </div>
        </section>
      ) : null}

      {latest.length > 0 ? (
        <section className="page-section">
          <div className="page-section__head">
            <h2 className="page-section__title">Latest News</h2>
            <Link className="page-section__more" to={sitePaths.news}>All news <span aria-hidden="true">→</span></Link>
          </div>
          <div className="news-grid news-grid--home">
            {latest.map((item, index) => (
              <NewsCard key={item.id} item={item} variant={index === 0 ? "feature" : "default"} />
            ))}
          </div>
        </section>
      ) : null}

      <Lower />
    </div>
  );
}
