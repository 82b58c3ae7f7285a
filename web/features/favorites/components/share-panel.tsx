import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { sharedFavoritesPath } from '../../../../common/favorites';
import { FAVORITES_PAGE_TEXTS as T } from '../../../../common/texts/favorites';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { copyText } from '../../../lib/clipboard';
import { usePageData } from '../../../lib/page-data';
import { useCopyState } from '../../../lib/use-copy-state';
import { shareFavorites, stopSharingFavorites } from '../api/share';

/** The read-only link to the signed-in person's list: make it, copy it, replace it, or stop sharing. */
export function SharePanel({ shareToken }: { shareToken: string | null }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const origin = usePageData()?.origin ?? (typeof window === 'undefined' ? '' : window.location.origin);
  const [busy, setBusy] = useState(false);
  const [copy, setCopy] = useCopyState();
  const inputId = useId();
  const hintId = useId();

  const run = async (work: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    try {
      await work();
      if (done) toast(done, 'success');
    } catch (err) {
      toast(err instanceof ApiError ? `${T.shareFailed} ${err.message}` : T.shareFailed, 'error');
    } finally {
      setBusy(false);
    }
  };

  const url = shareToken ? `${origin}${sharedFavoritesPath(shareToken)}` : null;
  const copyLink = async (link: string) => {
    try {
      await copyText(link);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  if (!url) {
    return (
      <div className="favorites-share">
        <button
          type="button"
          className="button button-primary"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              const share = await shareFavorites(queryClient, false);
              await copyLink(`${origin}${share.path}`);
            })
          }
        >
          {T.share}
        </button>
      </div>
    );
  }
  return (
    <div className="favorites-share">
      <label htmlFor={inputId}>{T.shareLabel}</label>
      <div className="favorites-share-row">
        <input id={inputId} type="text" readOnly value={url} aria-describedby={hintId} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="button button-primary" onClick={() => void copyLink(url)}>
          {copy === 'copied' ? T.shareCopied : T.shareCopy}
        </button>
      </div>
      <p id={hintId} className="favorites-share-hint">
        {T.shareHint}
      </p>
      <div className="favorites-share-actions">
        <button
          type="button"
          className="button button-ghost"
          disabled={busy}
          title={T.shareNewHint}
          onClick={() => void run(() => shareFavorites(queryClient, true))}
        >
          {T.shareNew}
        </button>
        <button
          type="button"
          className="button button-ghost"
          disabled={busy}
          onClick={() => void run(() => stopSharingFavorites(queryClient), T.shareRevoked)}
        >
          {T.shareRevoke}
        </button>
      </div>
      <span className="visually-hidden" role="status">
        {copy === 'copied' ? T.shareCopied : copy === 'failed' ? T.shareCopyFailed : ''}
      </span>
    </div>
  );
}
