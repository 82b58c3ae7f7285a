import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { REQUESTS_ADMIN_TEXTS as T } from '../../../../common/admin-constants';
import type { ItemRequest } from '../../../../common/schemas/requests';
import { reasonOf } from '../../../lib/errors';
import { useUpdateItemRequest } from '../api/update-item-request';

/**
 * The product that answers a request: a link to its page and Unlink, or a field for its number (or id, or its page's
 * address) and Link. The server checks that it exists; its refusal shows under the field.
 */
export function ProductLinker({ request }: { request: ItemRequest }) {
  const update = useUpdateItemRequest();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const save = (product: string | null) => {
    setError(null);
    update.mutate(
      { id: request.id, change: { product } },
      { onSuccess: () => setValue(''), onError: (err) => setError(reasonOf(err)) },
    );
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
    </form>
  );
}
