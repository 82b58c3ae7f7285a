import { formatMoney } from '../../common/currency';
import { CURRENCY_TEXTS } from '../../common/texts/currency';
import { useDisplayCurrency } from '../lib/currency';

type Props = {
  /** The amount in the store's base currency, as stored. */
  value: number;
  className?: string | undefined;
};

/**
 * A stored price in the visitor's currency: "≈ €54.20" (read "approximately €54.20"; the title names the exact base
 * price) when converted, the base price as it is otherwise.
 */
export function Price({ value, className }: Props) {
  const display = useDisplayCurrency();
  const shown = display.show(value);
  if (!shown.approximate) return <span className={className}>{shown.text}</span>;
  return (
    <span className={className} title={CURRENCY_TEXTS.approximateTitle(formatMoney(value, display.base))} data-currency={shown.currency}>
      <span aria-hidden="true">≈ </span>
      <span className="visually-hidden">{CURRENCY_TEXTS.approximately} </span>
      {shown.text}
    </span>
  );
}
