import { ADMIN_TEXTS } from '../../../common/texts/admin';
import { pageItems } from './page-items';

type Props = {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  /** Names the list, for screen readers: "Image pages". */
  label: string;
  disabled?: boolean;
};

/** Prev, numbered pages with gaps, Next (spec sections 2 and 9); hidden when everything fits on one page. */
export function Pager({ page, pageCount, onChange, label, disabled = false }: Props) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="pager-button" onClick={() => onChange(page - 1)} disabled={disabled || page <= 1}>
        {ADMIN_TEXTS.prev}
      </button>
      <ul>
        {pageItems(page, pageCount).map((item, i) =>
          item === 'gap' ? (
            <li key={`gap-${i}`} className="pager-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className="pager-button"
                aria-current={item === page ? 'page' : undefined}
                aria-label={`Page ${item}`}
                onClick={() => onChange(item)}
                disabled={disabled && item !== page}
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ul>
      <button type="button" className="pager-button" onClick={() => onChange(page + 1)} disabled={disabled || page >= pageCount}>
        {ADMIN_TEXTS.next}
      </button>
    </nav>
  );
}
