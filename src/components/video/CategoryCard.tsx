import { Link } from "react-router";
import type { VideoCategory } from "../../schemas/videos";
import { videoBrowsePath } from "../../routes/paths";
import { Picture } from "../Picture";

/** A video category's card (spec §3 'Video category'): its image, its name when titleVisibility says so, a link to browse it. */
export function CategoryCard({ category }: { category: VideoCategory }) {
  return (
    <Link className="category-card" to={videoBrowsePath(category.slug)} aria-label={category.name}>
      <Picture imageKey={category.imageKey} w={640} h={360} alt="" />
      {category.titleVisibility ? <span className="category-card__title">{category.name}</span> : null}
    </Link>
  );
}
