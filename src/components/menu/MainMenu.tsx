import { useMemo, useRef, useState } from "react";
import { club } from "../../config/club";
import type { PageShell } from "../../schemas/shell";
import { useAppState } from "../../state/store";
import Crest from "../Crest";
import Icon from "../Icon";
import { mainMenuNav } from "../../config/nav-links";
import SmartLink from "../SmartLink";
import SocialLinks from "../footer/SocialLinks";
import { useDialogFocus } from "../use-dialog-focus";
import { buildMenuTree } from "../../domain/menu-tree";
import { useMenuPages } from "./menu-source";
import MenuSection from "./layouts/MenuSection";
import { SpoilerSwitch } from "../spoiler/SpoilerSwitch";

/**
 * The main menu drawer (spec §2 'Main menu'): the fixed entries, then the club's
 * content-managed page tree, fetched on the first opening. Without it only the fixed entries show.
 * A modal dialog: focus moves to its close button, Tab stays inside, Escape closes it and focus
 * returns to the burger. Also closes on the backdrop and (through route/changed) on navigation.
 */
export default function MainMenu({ shell }: { shell: PageShell | null }) {
  const { state, dispatch } = useAppState();
  const open = state.menuOpen;
  const rootRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  // The entries (a quarter of a page's elements) are rendered on first opening, not on every page
  // load: the drawer is closed and inert until the burger, a button that needs the script anyway.
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  const close = () => dispatch({ type: "menu/close" });
  useDialogFocus(open, rootRef, { onClose: close, modal: true, initialFocus: closeRef });

  return (
    <div
      ref={rootRef}
      className="main-menu"
      id="main-menu"
      data-open={open}
      role="dialog"
      aria-modal={open}
      aria-label="Menu"
      aria-hidden={!open}
      inert={!open}
    >
      <div className="main-menu__backdrop" onClick={close} />
      <nav className="main-menu__panel" aria-label="Main menu">
        <div className="main-menu__head">
          <Crest className="main-menu__crest" />
          <span className="main-menu__title">{club.name}</span>
          <button type="button" ref={closeRef} className="main-menu__close" onClick={close} aria-label="Close menu">
            <Icon name="close" />
          </button>
        </div>

        {opened ? <SpoilerSwitch /> : null}
        {opened ? <MenuEntries shell={shell} onNavigate={close} /> : null}
      </nav>
    </div>
  );
}

function MenuEntries({ shell, onNavigate }: { shell: PageShell | null; onNavigate: () => void }) {
  // The page tree arrives with the first opening (menu-source.ts); the fixed entries show at once.
  const pages = useMenuPages();
  const tree = useMemo(() => buildMenuTree(pages), [pages]);
  return (
    <>
      <ul className="main-menu__primary">
        {mainMenuNav.map((item) => (
          <li key={item.label}>
            <SmartLink href={item.href} newTab={item.external} nav className="main-menu__link" onClick={onNavigate}>
              <span>{item.label}</span>
              <Icon name={item.external ? "external" : "arrow-right"} className="main-menu__arrow" />
            </SmartLink>
          </li>
        ))}
      </ul>

      {tree.length > 0 ? (
        <ul className="main-menu__tree">
          {tree.map((node) => (
            <MenuSection key={node.id} node={node} onNavigate={onNavigate} />
          ))}
        </ul>
      ) : null}

      <div className="main-menu__foot">
        <SocialLinks settings={shell?.settings ?? {}} />
      </div>
    </>
  );
}
