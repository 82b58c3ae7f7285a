import { COMMON_TEXTS } from '../../common/texts/common';

/**
 * Copies text. The Clipboard API needs a secure context (https or localhost); elsewhere the older copy command
 * still works from a click.
 */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error(COMMON_TEXTS.copyRefused);
}
