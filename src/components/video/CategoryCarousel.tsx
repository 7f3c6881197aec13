import type { CategoryCarousel as CategoryCarouselData } from "../../schemas/videos";
import { Carousel } from "../Carousel";
import { CategoryCard } from "./CategoryCard";

/** The video carousel with category cards (spec §2 Shared widgets): one card per category, a link to browse it. */
export function CategoryCarousel({ carousel }: { carousel: CategoryCarouselData }) {
  const { title, type, style, categories } = carousel;
  const slides = categories.map((c) => ({ key: c.slug, node: <CategoryCard category={c} /> }));
  return <Carousel title={title} type={type} style={style} slides={slides} className="category-carousel" />;
}
