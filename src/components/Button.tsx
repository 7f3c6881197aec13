import type { MouseEventHandler } from "react";
import { Link } from "react-router";
import Icon, { type IconName } from "./Icon";

/** Button types of spec §2 'Shared widgets'; '-dark' buttons sit on light backgrounds and vice versa. */
export const buttonTypes = ["primary-dark", "primary-light", "ghost-dark", "ghost-light", "label-dark", "label-light"] as const;
export type ButtonType = (typeof buttonTypes)[number];
export type IconAlign = "left" | "right";

interface ButtonBase {
  /** required (spec §5) */
  text: string;
  type?: ButtonType;
  /** sizes to its content instead of filling its container on small screens */
  inline?: boolean;
  small?: boolean;
  icon?: IconName | "";
  iconAlign?: IconAlign;
  className?: string;
  /** accessible name when the visible text is not enough (e.g. 'Buy Tickets (opens in a new tab)') */
  ariaLabel?: string;
}

export interface LinkButtonProps extends ButtonBase {
  /** internal when it starts with '/', otherwise an external address */
  href: string;
  newTab?: boolean;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
}

export interface ActionButtonProps extends ButtonBase {
  href?: undefined;
  /** the 'trigger event' of a plain button */
  onClick?: MouseEventHandler<HTMLButtonElement>;
  submit?: boolean;
  disabled?: boolean;
}

export type ButtonProps = LinkButtonProps | ActionButtonProps;

export function buttonClassName({ type = "primary-dark", inline, small, className }: Pick<ButtonBase, "type" | "inline" | "small" | "className">): string {
  return ["btn", `btn--${type}`, inline ? "btn--inline" : "", small ? "btn--small" : "", className ?? ""].filter(Boolean).join(" ");
}

/** The shared call-to-action: a router link, an external link or a plain button. */
export default function Button(props: ButtonProps) {
  const { text, icon = "", iconAlign = "left", ariaLabel } = props;
  const cls = buttonClassName(props);
  const content = (
    <>
      {icon && iconAlign === "left" ? <Icon name={icon} className="btn__icon" /> : null}
      <span className="btn__text">{text}</span>
      {icon && iconAlign === "right" ? <Icon name={icon} className="btn__icon" /> : null}
    </>
  );

  if (props.href !== undefined) {
    const { href, newTab, onClick } = props;
    if (href.startsWith("/")) {
      return (
        <Link to={href} className={cls} aria-label={ariaLabel} onClick={onClick} target={newTab ? "_blank" : undefined}>
          {content}
        </Link>
      );
    }
    return (
      <a
        href={href}
        className={cls}
        aria-label={ariaLabel}
        onClick={onClick}
        target={newTab ? "_blank" : undefined}
        rel={newTab ? "noopener noreferrer" : undefined}
      >
        {content}
      </a>
    );
  }

  const { onClick, submit, disabled } = props;
  return (
    <button type={submit ? "submit" : "button"} className={cls} aria-label={ariaLabel} onClick={onClick} disabled={disabled}>
      {content}
    </button>
  );
}
