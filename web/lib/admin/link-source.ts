import { parseItemLink, sourceLabel } from '../../../common/agent-links';
import { AGENT_TEXTS } from '../../../common/texts/agents';

/**
 * What the item form says under the buy link as it is typed: the marketplace and item read from it ("Source: Taobao ·
 * 675330231400"), which the server stores as the product's source, or that BUY will open the link as it is.
 */
export function linkSourceHint(link: string): string | undefined {
  if (!link.trim()) return undefined;
  const source = parseItemLink(link);
  return source ? AGENT_TEXTS.source(sourceLabel(source)) : AGENT_TEXTS.noSource;
}
