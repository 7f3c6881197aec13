import { createContext, useContext } from "react";

/**
 * True inside a page that a news child view covers (src/layouts/child-view/): the page stays
 * rendered underneath, but the head (title, description, canonical address, structured data)
 * is the article's alone while it is open.
 */
export const CoveredPageContext = createContext(false);

export function useCoveredPage(): boolean {
  return useContext(CoveredPageContext);
}
