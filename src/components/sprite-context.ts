import { createContext, useContext } from "react";

/**
 * URL of the hashed icon sprite of the client build (/build/icons-HASH.svg, see src/icons/icon-sprite.ts).
 * The worker provides it from the build manifest; the browser reads back what the server rendered.
 */
export const IconSpriteContext = createContext("");

/** `<use href>` of a symbol in the sprite. */
export function useSymbolHref(id: string): string {
  return `${useContext(IconSpriteContext)}#${id}`;
}
