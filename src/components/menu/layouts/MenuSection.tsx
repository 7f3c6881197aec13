import type { MenuPage } from "../../../schemas/shell";
import AutoOnlyMenu from "./AutoOnlyMenu";
import ComponentMenu from "./ComponentMenu";
import FeatureMenu from "./FeatureMenu";
import FullMenu from "./FullMenu";
import type { MenuLayoutProps } from "./menu-entry-parts";

const LAYOUTS: Record<MenuPage["menuLayout"], (props: MenuLayoutProps) => React.ReactNode> = {
  "auto-only-menu": AutoOnlyMenu,
  "full-menu": FullMenu,
  "feature-menu": FeatureMenu,
  "component-menu": ComponentMenu,
};

/**
 * One top-level entry of the content-managed menu, drawn by its page's menu layout (spec §2
 * 'Navigation'). Takes the tree as props, so it does not care where the drawer got it from.
 * A section without children has nothing to lay out and is a plain entry whatever its layout.
 */
export default function MenuSection({ node, onNavigate }: MenuLayoutProps) {
  const Layout = node.children.length === 0 ? AutoOnlyMenu : LAYOUTS[node.page.menuLayout];
  return <Layout node={node} onNavigate={onNavigate} />;
}
