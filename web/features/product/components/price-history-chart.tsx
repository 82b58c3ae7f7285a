import { currentLanguage, intlLocale } from '../../../../common/i18n';
import { PRICE_TEXTS as T } from '../../../../common/texts/price-history';
import type { PriceHistory } from '../../../../common/schemas/price-history';
import { Price } from '../../../components/price';
import { useDisplayCurrency } from '../../../lib/currency';

const WIDTH = 320;
const HEIGHT = 96;
/** Room for the price labels on the left and a margin above and below the line. */
const LEFT = 64;
const PAD = 10;
/** The last price runs on to the right edge from here: it is the price now. */
const LAST_AT = 0.9;

/**
 * A day as the same words on the server and in every browser (UTC), so hydration matches: "14 Mar 2026" in English
 * (as the site always wrote it), the page's language's own way otherwise.
 */
export function dayOf(iso: string): string {
  const lang = currentLanguage();
  return new Date(iso).toLocaleDateString(lang === 'en' || lang === 'pseudo' ? 'en-GB' : intlLocale(lang), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The step line's points in the chart's box: time across, price up; each price holds until the next. */
export function stepPath(history: PriceHistory): { path: string; lowest: { x: number; y: number } } {
  const times = history.points.map((p) => Date.parse(p.at));
  const prices = history.points.map((p) => p.price);
  const first = times[0] ?? 0;
  const span = Math.max((times.at(-1) ?? first) - first, 1);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const x = (t: number) => LEFT + ((t - first) / span) * (WIDTH - LEFT) * LAST_AT;
  const y = (p: number) => (high === low ? HEIGHT / 2 : PAD + ((high - p) / (high - low)) * (HEIGHT - 2 * PAD));
  const r = (n: number) => Math.round(n * 10) / 10;
  let path = '';
  history.points.forEach((p, i) => {
    const px = r(x(times[i] ?? first));
    const py = r(y(p.price));
    path += i === 0 ? `M${px} ${py}` : `H${px}V${py}`;
  });
  path += `H${WIDTH}`;
  return { path, lowest: { x: r(x(Date.parse(history.lowest.at))), y: r(y(history.lowest.price)) } };
}

/**
 * A product's prices over time (issue 29): a small step chart drawn on the server as SVG (no chart library), the
 * lowest price and its day, and the same as a table for screen readers. Prices in the visitor's currency.
 */
export function PriceHistoryChart({ history }: { history: PriceHistory }) {
  const display = useDisplayCurrency();
  const text = (amount: number) => display.show(amount).text;
  const { path, lowest } = stepPath(history);
  const prices = history.points.map((p) => p.price);
  const first = history.points[0];
  const last = history.points.at(-1);
  const summary = T.summary(
    history.points.length,
    first ? dayOf(first.at) : '',
    last ? dayOf(last.at) : '',
    text(history.lowest.price),
    dayOf(history.lowest.at),
  );
  return (
    <section className="price-history" aria-labelledby="price-history-title">
      <h2 id="price-history-title">{T.historyTitle}</h2>
      <p className="price-history-lowest">
        {T.lowest}: <Price value={history.lowest.price} /> <span className="price-history-day">({dayOf(history.lowest.at)})</span>
      </p>
      <svg className="price-history-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary}>
        <text x={LEFT - 6} y={PAD + 4} textAnchor="end" aria-hidden="true">
          {text(Math.max(...prices))}
        </text>
        <text x={LEFT - 6} y={HEIGHT - PAD + 4} textAnchor="end" aria-hidden="true">
          {text(Math.min(...prices))}
        </text>
        <path className="price-history-line" d={path} fill="none" />
        <circle className="price-history-low" cx={lowest.x} cy={lowest.y} r={4} />
      </svg>
      <table className="visually-hidden">
        <caption>{T.tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{T.dateHeader}</th>
            <th scope="col">{T.priceHeader}</th>
          </tr>
        </thead>
        <tbody>
          {history.points.map((p) => (
            <tr key={`${p.at}-${p.price}`}>
              <td>{dayOf(p.at)}</td>
              <td>
                {text(p.price)}
                {p.at === history.lowest.at && p.price === history.lowest.price ? ` (${T.lowestEver})` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
