import { Spinner } from './spinner';

type Props = {
  /** True while the data is on its way: a spinner. */
  loading: boolean;
  /** The spinner's text alternative; leave it empty when `loadingText` says it beside the spinner. */
  loadingLabel?: string;
  loadingText?: string;
  /** Announces the loading block (role="status") where nothing else says the wait has begun. */
  announce?: boolean;
  /** Set once loading failed: the sentence, announced, with a button to try again. */
  failure?: string | null | false;
  onRetry?: () => void;
  retryLabel?: string;
  /** A quieter button where Retry sits among other actions. */
  retryStyle?: 'primary' | 'ghost';
};

/**
 * The one loading block and the one "could not load, Retry" block of the site: a list, a panel or a page shows
 * this while its data is on its way or when it could not be read. Nothing when neither.
 */
export function LoadStatus({
  loading,
  loadingLabel = 'Loading',
  loadingText,
  announce = false,
  failure,
  onRetry,
  retryLabel = 'Retry',
  retryStyle = 'primary',
}: Props) {
  if (failure) {
    return (
      <div className="status status-error" role="alert">
        <p>{failure}</p>
        {onRetry && (
          <button type="button" className={`button button-${retryStyle}`} onClick={onRetry}>
            {retryLabel}
          </button>
        )}
      </div>
    );
  }
  if (!loading) return null;
  return (
    <div className="status status-loading" role={announce ? 'status' : undefined}>
      <Spinner label={loadingText ? '' : loadingLabel} />
      {loadingText && <p>{loadingText}</p>}
    </div>
  );
}
