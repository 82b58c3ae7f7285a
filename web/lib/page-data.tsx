import { createContext, useContext, type ReactNode } from 'react';
import { INITIAL_DATA_ID, type InitialData } from '../../common/page-data';

const PageDataContext = createContext<InitialData | null>(null);

/** The data the first page was rendered from (server and browser alike); null when the page was not server-rendered. */
export function PageDataProvider({ value, children }: { value: InitialData | null; children: ReactNode }) {
  return <PageDataContext.Provider value={value}>{children}</PageDataContext.Provider>;
}

export function usePageData(): InitialData | null {
  return useContext(PageDataContext);
}

/** Reads the JSON the server wrote beside the rendered page. */
export function readInitialData(): InitialData | null {
  const node = document.getElementById(INITIAL_DATA_ID);
  if (!node?.textContent) return null;
  try {
    return JSON.parse(node.textContent) as InitialData;
  } catch {
    return null;
  }
}
