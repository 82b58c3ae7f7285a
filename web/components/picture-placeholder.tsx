import { TEXTS } from '../../common/texts/storefront';
import './picture-placeholder.css';

/** The outline a category's placeholder shows (24-unit paths), by the category's words; a tag for anything else. */
const ICONS: Array<{ words: RegExp; path: string }> = [
  { words: /shoe|sneaker|trainer|boot|slide|footwear|kick/i, path: 'M2 16h13l5 2v2H2zM2 16l2-7 4 3 3-1 4 5' },
  { words: /jacket|coat|parka|puffer|outerwear|vest/i, path: 'M8 3l4 3 4-3 4 4-2 3v10H6V10L4 7zM12 6v14' },
  { words: /hood|sweat|crew|knit|jumper/i, path: 'M8 4a4 4 0 0 0 8 0l4 4-2 3v9H6v-9L4 8zM10 4l2 5 2-5' },
  { words: /shirt|tee|top|polo/i, path: 'M8 3h8l5 4-3 3-2-1v11H8V9l-2 1-3-3z' },
  { words: /pant|trouser|jean|jogger|short|bottom|cargo/i, path: 'M6 3h12l1 18h-5l-2-11-2 11H5z' },
  { words: /bag|backpack|wallet|purse/i, path: 'M5 8h14l-1 12H6zM9 8a3 3 0 0 1 6 0' },
  { words: /hat|cap|beanie/i, path: 'M3 16c0-5 4-9 9-9s9 4 9 9zM1 16h22' },
  { words: /watch|jewel|ring|chain|accessor|belt|glass/i, path: 'M12 4a8 8 0 1 0 0 16 8 8 0 0 0 0-16zM12 8v4l3 2' },
];
const TAG = 'M3 12V4h8l10 10-8 8zM7.5 7.5h.01';

/** A brand's initials: the first letters of its first two words ("Stone Island" → "SI", "Nike" → "N"). */
export function initialsOf(brand: string): string {
  return brand
    .trim()
    .split(/[\s-]+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w))
    .slice(0, 2)
    .map((w) => (/[\p{L}\p{N}]/u.exec(w)?.[0] ?? '').toUpperCase())
    .join('');
}

/**
 * Where a product has no picture (none given, not fetched yet, or broken): the brand's initials, else its category's
 * outline, on the card's tint, never an empty box (issue 40). Screen readers hear "Photo coming".
 */
export function PicturePlaceholder({ brand, category }: { brand: string; category: string | null }) {
  const initials = initialsOf(brand);
  const icon = ICONS.find((i) => i.words.test(category ?? ''))?.path ?? TAG;
  return (
    <span className="picture-placeholder" role="img" aria-label={TEXTS.photoComing}>
      {initials ? (
        <span className="picture-placeholder-initials" aria-hidden="true">
          {initials}
        </span>
      ) : (
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={icon} />
        </svg>
      )}
      <span className="picture-placeholder-note" aria-hidden="true">
        {TEXTS.photoComing}
      </span>
    </span>
  );
}
