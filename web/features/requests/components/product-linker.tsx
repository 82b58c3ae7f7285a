import { useId, useState, type FormEvent } from 'react';
import { Link } from '../../../lib/router';
import { REQUESTS_ADMIN_TEXTS as T } from '../../../../common/texts/requests-admin';
import { FILTER_DEBOUNCE_MS } from '../../../../common/constants';
import type { ItemRequest } from '../../../../common/schemas/requests';
import { reasonOf } from '../../../lib/errors';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useProductMatches } from '../api/search-products';
import { useUpdateItemRequest } from '../api/update-item-request';

/**
 * The product that answers a request: a link to its page and Unlink; or a field for its number, its page's address
 * or a few words of its name (matching products are offered as buttons) and Link. The server checks that the
 * product exists; its refusal shows under the field.
 */
export function ProductLinker({ request }: { request: ItemRequest }) {
  const update = useUpdateItemRequest();
  const [value, setValue] = useState('');
  const [search] = useDebouncedValue(value, FILTER_DEBOUNCE_MS);
  const matches = useProductMatches(request.product ? '' : search);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const save = (product: string | null) => {
    setError(null);
    update.mutate({ id: request.id, change: { product } }, { onSuccess: () => setValue(''), onError: (err) => setError(reasonOf(err)) });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim()) save(value.trim());
  };

  if (request.product) {
    const { product } = request;
    return (
      <div className="requests-product">
        <Link to={product.path}>
          {T.openProduct(product.number)} {product.title}
        </Link>
        <button type="button" className="link-button" onClick={() => save(null)} disabled={update.isPending}>
          {T.unlinkProduct}
        </button>
        {error && <p className="field-error">{error}</p>}
      </div>
    );
  }
  const found = matches.isFetched && search.trim() === value.trim() ? (matches.data?.items ?? []) : null;
  return (
    <form className="requests-product-form" onSubmit={submit} noValidate>
      <input
        id={id}
        type="text"
        aria-label={T.productNumber(request.query)}
        placeholder={T.productPlaceholder}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        autoComplete="off"
      />
      <button type="submit" className="button button-ghost button-small" disabled={update.isPending || !value.trim()}>
        {update.isPending ? T.linking : T.linkProduct}
      </button>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
      {found && (
        <div className="requests-matches" role="group" aria-label={T.productMatches(request.query)} aria-live="polite">
          {found.length === 0 ? (
            <p className="requests-muted">{T.noMatches}</p>
          ) : (
            found.map((p) => (
              <button key={p.id} type="button" className="link-button" onClick={() => save(p.id)} disabled={update.isPending}>
                {T.linkTo(p.number, p.title)}
              </button>
            ))
          )}
        </div>
      )}
    </form>
  );
}
