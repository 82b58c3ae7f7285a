import { createContext, useContext, type ReactNode } from 'react';
import type { Messages } from '@lingui/core';
import { INITIAL_DATA_ID, PAGE_MESSAGES_ID, type InitialData } from '../../common/page-data';

const PageDataContext = createContext<InitialData | null>(null);

/** The data the first page was rendered from (server and browser alike); null when the page was not server-rendered. */
export function PageDataProvider({ value, children }: { value: InitialData | null; children: ReactNode }) {
  return <PageDataContext.Provider value={value}>{children}</PageDataContext.Provider>;
}

export function usePageData(): InitialData | null {
  return useContext(PageDataContext);
}

/** Reads the JSON the server wrote beside the rendered page. */
/** The compiled messages the server's render of this page read (issue 41), or null for a page it did not render. */
export function readPageMessages(): Messages | null {
  const node = document.getElementById(PAGE_MESSAGES_ID);
  if (!node?.textContent) return document.getElementById(INITIAL_DATA_ID) ? {} : null;
  try {
    return JSON.parse(node.textContent) as Messages;
  } catch {
    return null;
  }
}

export function readInitialData(): InitialData | null {
  const node = document.getElementById(INITIAL_DATA_ID);
  if (!node?.textContent) return null;
  try {
    return JSON.parse(node.textContent) as InitialData;
  } catch {
    return null;
  }
}
