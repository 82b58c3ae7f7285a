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
 *
 * The two are separate components, so the field is a new, empty one each time a product is unlinked. Emptying it
 * when the server answers would wipe what the admin typed meanwhile: the field shows once the requests are read
 * again, before the broken-links queue's read (which the answer waits for) is back.
 */
export function ProductLinker({ request }: { request: ItemRequest }) {
  return request.product ? <LinkedProduct request={request} product={request.product} /> : <ProductField request={request} />;
}

function LinkedProduct({ request, product }: { request: ItemRequest; product: NonNullable<ItemRequest['product']> }) {
  const update = useUpdateItemRequest();
  const [error, setError] = useState<string | null>(null);
  const unlink = () => {
    setError(null);
    update.mutate({ id: request.id, change: { product: null } }, { onError: (err) => setError(reasonOf(err)) });
  };
  return (
    <div className="requests-product">
      <Link to={product.path}>
        {T.openProduct(product.number)} {product.title}
      </Link>
      <button type="button" className="link-button" onClick={unlink} disabled={update.isPending}>
        {T.unlinkProduct}
      </button>
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}

function ProductField({ request }: { request: ItemRequest }) {
  const update = useUpdateItemRequest();
  const [value, setValue] = useState('');
  const [search] = useDebouncedValue(value, FILTER_DEBOUNCE_MS);
  const matches = useProductMatches(search);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  // On success the request has its product and this field goes away: nothing to empty.
  const save = (product: string) => {
    setError(null);
    update.mutate({ id: request.id, change: { product } }, { onError: (err) => setError(reasonOf(err)) });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim()) save(value.trim());
  };

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
