import { laterPart } from '../lib/hydrate-later';
import type { ProductGridProps } from './product-grid';

/**
 * The grid of cards as a later part (hydrate-later.tsx): its code (the cards, hearts, prices) loads after the first
 * view's and it hydrates when that arrives; the server's cards are on screen and their links work meanwhile.
 */
export const LaterProductGrid = laterPart<ProductGridProps>(() => import('./product-grid').then((m) => m.ProductGrid));
