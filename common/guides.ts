// The guides' addresses (issue 43): /guides, /guides/topic/<topic>, /guides/<slug>, each inside its language's base.
import { slugify } from './product-urls';

export const GUIDES_PATH = '/guides';
export const GUIDE_TOPIC_PATH = `${GUIDES_PATH}/topic`;
/** The feeds of the newest guides (RSS 2.0 and Atom), per language. */
export const GUIDES_RSS_PATH = `${GUIDES_PATH}/feed.xml`;
export const GUIDES_ATOM_PATH = `${GUIDES_PATH}/atom.xml`;
/** Guides in a feed, newest first. */
export const GUIDES_FEED_SIZE = 20;
/** Related guides under an article. */
export const GUIDES_RELATED_COUNT = 3;
/** An article with at least this many headings (h2, h3) shows its table of contents. */
export const GUIDE_TOC_MIN_HEADINGS = 3;
/** Guides a product page lists ("In these guides"). */
export const GUIDES_FEATURING_MAX = 5;
/** Guides among the finder's suggestions when their title matches. */
export const GUIDE_SUGGESTIONS_MAX = 3;

export function guidePath(slug: string): string {
  return `${GUIDES_PATH}/${slug}`;
}

/** A topic's address part: its words as a slug ("Shipping & customs" → shipping-and-customs). */
export function topicSlug(topic: string): string {
  return slugify(topic);
}

export function topicPath(topic: string): string {
  return `${GUIDE_TOPIC_PATH}/${topicSlug(topic)}`;
}
