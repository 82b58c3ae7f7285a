import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PRICE_TEXTS as T } from '../../common/texts/price-history';
import type { FavoriteList } from '../../common/schemas/favorite';
import type { FavoriteAlert } from '../../common/schemas/price-history';
import { apiPut } from '../lib/api-client';
import { myFavoritesQueryKey, useMyFavorites, whenFavoriteSettled } from '../lib/favorites';
import { useSession } from '../lib/session';
import './price-alert-toggle.css';

/**
 * A favourite's price alert (issue 29): a checkbox on its product page and its card in /favorites, for a signed-in
 * person whose favourite it is. Without mail on the site it is shown disabled with the reason; with "every favourite"
 * on (the Account page) it is shown on and disabled, saying so.
 */
export function PriceAlertToggle({ productId }: { productId: string }) {
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const mine = useMyFavorites(signedIn);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const list = mine.data;
  const item = list?.items.find((f) => f.product.id === productId);
  if (!signedIn || !list || !item) return null;
  const { available, all } = list.priceAlerts;
  const id = `price-alert-${productId}`;
  const hint = !available ? T.alertsUnavailable : all ? T.alertAll : failed ? T.alertFailed : null;

  /** The list's copy of this find's alert: set at once on screen, put back when the server refuses. */
  function show(on: boolean) {
    queryClient.setQueryData<FavoriteList>(myFavoritesQueryKey, (current) =>
      current ? { ...current, items: current.items.map((f) => (f.product.id === productId ? { ...f, priceAlert: on } : f)) } : current,
    );
  }

  async function change(on: boolean) {
    setBusy(true);
    setFailed(false);
    show(on);
    try {
      // A find saved a moment ago is on screen before the server has it; its alert is asked for after the save.
      await whenFavoriteSettled(productId);
      show((await apiPut<FavoriteAlert>(`/api/me/price-alerts/${encodeURIComponent(productId)}`, { on })).priceAlert);
    } catch {
      show(!on);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="price-alert">
      <input
        id={id}
        type="checkbox"
        checked={available && (all || item.priceAlert)}
        disabled={!available || all || busy}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => void change(event.currentTarget.checked)}
      />
      <label htmlFor={id}>{T.alertLabel}</label>
      {hint && (
        <p id={`${id}-hint`} className={`price-alert-hint${failed ? ' price-alert-failed' : ''}`} role={failed ? 'alert' : undefined}>
          {hint}
        </p>
      )}
    </div>
  );
}
