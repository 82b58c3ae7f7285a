// The guides' words on the storefront (issue 43): the index, a topic, an article, the product page's list and the
// finder's suggestions. No Node or DOM APIs here.

import { i18n, texts } from '../i18n';

export const GUIDE_TEXTS = texts({
  guides: /*i18n*/ 'Guides',
  guidesDescription: /*i18n*/ 'How to buy through an agent, read QC photos, ship and clear customs: guides with the finds they talk about.',
  topicTitle: (topic: string) => i18n._('Guides: {topic}', { topic }),
  topicDescription: (topic: string) => i18n._('Every guide about {topic}, newest first.', { topic }),
  topicsLabel: /*i18n*/ 'Topics',
  allGuides: /*i18n*/ 'All guides',
  noGuides: /*i18n*/ 'No guides here yet.',
  guideMissingTitle: /*i18n*/ 'Guide not found',
  guideMissingText: /*i18n*/ 'This guide does not exist, or it is not published yet.',
  readingTime: (minutes: number) => i18n._('{minutes, plural, one {# minute read} other {# minutes read}}', { minutes }),
  byAuthor: (name: string) => i18n._('By {name}', { name }),
  published: (date: string) => i18n._('Published {date}', { date }),
  updated: (date: string) => i18n._('Updated {date}', { date }),
  contents: /*i18n*/ 'Contents',
  related: /*i18n*/ 'Related guides',
  previous: /*i18n*/ 'Previous in this topic',
  next: /*i18n*/ 'Next in this topic',
  productRemoved: /*i18n*/ 'This product is no longer in the catalogue.',
  breadcrumbs: /*i18n*/ 'Breadcrumbs',
  home: /*i18n*/ 'Home',
  loading: /*i18n*/ 'Loading the guide',
  feed: /*i18n*/ 'RSS feed',
  suggestionGuide: /*i18n*/ 'Guide',
});
