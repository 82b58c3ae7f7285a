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
 * price) when converted, the base price as it is otherwise. A <bdi>: in a sentence or beside a Latin title on a
 * right-to-left page, its digits, sign and the text around it keep their order.
 */
export function Price({ value, className }: Props) {
  const display = useDisplayCurrency();
  const shown = display.show(value);
  if (!shown.approximate) return <bdi className={className}>{shown.text}</bdi>;
  return (
    <bdi className={className} title={CURRENCY_TEXTS.approximateTitle(formatMoney(value, display.base))} data-currency={shown.currency}>
      <span aria-hidden="true">≈ </span>
      <span className="visually-hidden">{CURRENCY_TEXTS.approximately} </span>
      {shown.text}
    </bdi>
  );
}
