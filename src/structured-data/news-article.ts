import { club } from "../config/club";
import type { NewsArticle } from "../schemas/news";
import { imageUrl } from "../components/Picture";
import { mediaShareUrl } from "../domain/media-image";
import { newsPath } from "../routes/paths";
import { absolute, type JsonLdObject } from "./json-ld";

/** NewsArticle of a news item (from the article loader's data). */
export function newsArticle(origin: string, article: NewsArticle): JsonLdObject {
  const publisher = { "@type": "Organization", name: club.name, logo: { "@type": "ImageObject", url: absolute(origin, "/crest.svg") } };
  return {
    "@type": "NewsArticle",
    headline: article.title.slice(0, 110),
    description: article.summary,
    datePublished: article.publishedAt,
    image: [absolute(origin, article.photo ? mediaShareUrl(article.photo) : imageUrl(article.imageKey, 1600, 900))],
    author: article.author ? { "@type": "Person", name: article.author } : { "@type": "Organization", name: club.name },
    publisher,
    articleSection: article.categories.map((c) => c.name),
    mainEntityOfPage: absolute(origin, newsPath(article.slug)),
  };
}
