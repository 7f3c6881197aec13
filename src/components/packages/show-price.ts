import { useEffect } from "react";

/**
 * The subscriptions page's plan block sells nothing itself: its one button takes the visitor to
 * that price on its package card in the widget, the page's one place to buy. A window event keeps
 * the two apart (the widget is also the streamer layout's, where no plan block exists).
 */
const SHOW_PRICE = "packages:show-price";

export const priceElementId = (priceId: string) => `price-${priceId}`;

export function showPrice(priceId: string): void {
  window.dispatchEvent(new CustomEvent<string>(SHOW_PRICE, { detail: priceId }));
}

export function useShowPrice(onShow: (priceId: string) => void): void {
  useEffect(() => {
    const listener = (event: Event) => onShow((event as CustomEvent<string>).detail);
    window.addEventListener(SHOW_PRICE, listener);
    return () => window.removeEventListener(SHOW_PRICE, listener);
  }, [onShow]);
}

/** Once the card is drawn: its price in view and its buy button focused, for keyboard users too. */
export function focusPrice(priceId: string): boolean {
  const button = document.getElementById(priceElementId(priceId))?.querySelector<HTMLButtonElement>("button");
  if (!button) return false;
  const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  button.scrollIntoView({ block: "center", inline: "center", behavior: smooth ? "smooth" : "auto" });
  button.focus({ preventScroll: true });
  return true;
}
