import { lazy, Suspense, useState } from 'react';
import { LATER_TEXTS } from '../../../../common/texts/storefront-later';
import { Spinner } from '../../../components/ui/spinner';

// The form's code (its schema and texts) loads when the button is first pointed at, focused or pressed: the
// storefront's first bundle carries only this button.
const loadForm = () => import('./request-item-form');
const RequestItemForm = lazy(loadForm);
const FORM_ID = 'request-item-form';

/** Under an empty search: "Request this item", a disclosure with a short form pre-filled with the search. */
export function RequestItem({ search }: { search: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="request-item">
      <p className="request-item-lead">{LATER_TEXTS.requestItemLead}</p>
      <button
        type="button"
        className="button button-ghost"
        aria-expanded={open}
        aria-controls={open ? FORM_ID : undefined}
        onPointerEnter={() => void loadForm()}
        onFocus={() => void loadForm()}
        onClick={() => setOpen((v) => !v)}
      >
        {LATER_TEXTS.requestItem}
      </button>
      {open && (
        <Suspense
          fallback={
            <div id={FORM_ID} className="request-form">
              <Spinner label={LATER_TEXTS.loadingForm} size="small" />
            </div>
          }
        >
          <RequestItemForm id={FORM_ID} search={search} />
        </Suspense>
      )}
    </div>
  );
}
