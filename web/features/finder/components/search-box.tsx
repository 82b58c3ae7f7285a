import { SEARCH_MAX_LENGTH } from '../../../../common/constants';
import { Spinner } from '../../../components/ui/spinner';

type Props = { value: string; searching: boolean; onChange: (value: string) => void };

export function SearchBox({ value, searching, onChange }: Props) {
  return (
    <div className="search" role="search">
      <label htmlFor="finder-search" className="visually-hidden">
        Search products
      </label>
      <svg className="search-icon" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        id="finder-search"
        type="search"
        placeholder="Search products or brands"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={SEARCH_MAX_LENGTH}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {searching && <Spinner className="search-spinner" label="Searching" size="small" />}
    </div>
  );
}
