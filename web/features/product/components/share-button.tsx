import { useSyncExternalStore } from 'react';
import { PRODUCT_TEXTS as T } from '../../../../common/texts/product-page';
import { copyText } from '../../../lib/clipboard';
import { useCopyState } from '../../../lib/use-copy-state';

const noSubscription = () => () => undefined;

type Props = { url: string; title: string };

/**
 * The system share sheet where the browser has one (phones mostly); elsewhere Copy link, which says Copied for a
 * moment. The server renders Copy link; a browser with a share sheet relabels it after hydration.
 */
export function ShareButton({ url, title }: Props) {
  const canShare = useSyncExternalStore(
    noSubscription,
    () => typeof navigator.share === 'function',
    () => false,
  );
  const [state, setState] = useCopyState();

  const onClick = async () => {
    if (canShare) {
      try {
        await navigator.share({ title, url });
        return;
      } catch (err) {
        // Closing the share sheet is not a failure; anything else falls back to copying.
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    try {
      await copyText(url);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  const label = state === 'copied' ? T.copied : canShare ? T.share : T.copyLink;
  return (
    <>
      <button type="button" className="button button-ghost share-button" data-state={state} onClick={() => void onClick()}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          {state === 'copied' ? (
            <path d="m5 12 5 5 9-10" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          ) : (
            <path
              d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          )}
        </svg>
        {label}
      </button>
      <span className="visually-hidden" role="status">
        {state === 'copied' ? T.linkCopied : state === 'failed' ? T.copyFailed : ''}
      </span>
    </>
  );
}
