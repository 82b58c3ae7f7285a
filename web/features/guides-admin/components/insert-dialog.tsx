import { useId, useState, type ComponentType, type FormEvent } from 'react';
import type { ImageInfo } from '../../../../common/schemas/image';
import { GUIDES_ADMIN_TEXTS as T } from '../../../../common/texts/guides-admin';
import { splitLanguage } from '../../../../common/i18n';
import { PRODUCTS_PATH, parseProductRef } from '../../../../common/product-urls';
import { Dialog, DialogFormActions } from '../../../components/ui/dialog';
import type { Inserted } from '../markdown-tools';

export type ImagePicker = ComponentType<{ onPick: (url: string, image: ImageInfo) => void; legend?: string }>;

/** What a toolbar button asks for before it writes its Markdown. */
export type InsertTool = 'link' | 'image' | 'product';

/** An address on the web, or one on this site (the image library's pictures are /media/…). */
const isWebAddress = (text: string) => {
  if (/^\/(?!\/)\S*$/.test(text)) return true;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** A product's number from what was typed: the number itself, or one of its page addresses (any language). */
export function productNumberOf(text: string): number | null {
  const typed = text.trim();
  if (/^\d{1,10}$/.test(typed)) return parseProductRef(typed)?.number ?? null;
  let path = typed;
  try {
    path = new URL(typed).pathname;
  } catch {
    // A path without the site's origin (/products/12-coat) is fine too.
  }
  const { path: inner } = splitLanguage(path);
  if (!inner.toLowerCase().startsWith(`${PRODUCTS_PATH}/`)) return null;
  let ref = inner.slice(PRODUCTS_PATH.length + 1).replace(/\/+$/, '');
  try {
    ref = decodeURIComponent(ref);
  } catch {
    return null;
  }
  return ref.includes('/') ? null : (parseProductRef(ref)?.number ?? null);
}

/** Square brackets in a link's or picture's text would end it early. */
const bracketSafe = (text: string) => text.replace(/[[\]]/g, (c) => `\\${c}`);

type Field = { name: string; label: string; value: string; set: (v: string) => void; hint?: string; type?: string };

/**
 * The toolbar's small form (a link's address and text, a picture's address and description, a product's number or
 * address): a modal dialog with labelled fields, the first focused, errors tied to their field; Escape or Cancel
 * closes it and focus goes back to the text.
 */
export function InsertDialog({
  tool,
  selection,
  imagePicker: Picker,
  onInsert,
  onClose,
}: {
  tool: InsertTool;
  selection: string;
  imagePicker: ImagePicker;
  onInsert: (inserted: Inserted) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [address, setAddress] = useState(tool === 'link' && isWebAddress(selection.trim()) ? selection.trim() : '');
  const [text, setText] = useState(tool === 'product' ? selection.trim() : selection);
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);

  const fields: Field[] =
    tool === 'link'
      ? [
          { name: 'address', label: T.linkAddress, value: address, set: setAddress, type: 'url' },
          { name: 'text', label: T.linkText, value: text, set: setText, hint: T.linkTextHint },
        ]
      : tool === 'image'
        ? [
            { name: 'address', label: T.imageAddress, value: address, set: setAddress, type: 'url' },
            { name: 'text', label: T.imageAlt, value: text, set: setText, hint: T.coverAltHint },
          ]
        : [{ name: 'text', label: T.productRef, value: text, set: setText, hint: T.productRefHint }];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (tool === 'product') {
      const number = productNumberOf(text);
      if (number === null) return setProblem({ field: 'text', message: T.productRefProblem });
      return onInsert({ markdown: `{{product:${number}}}`, block: true });
    }
    const url = address.trim();
    if (!isWebAddress(url)) return setProblem({ field: 'address', message: T.addressProblem });
    if (tool === 'image') {
      if (!text.trim()) return setProblem({ field: 'text', message: T.imageAltProblem });
      return onInsert({ markdown: `![${bracketSafe(text.trim())}](<${url}>)`, block: false });
    }
    return onInsert({ markdown: `[${bracketSafe(text.trim() || url)}](<${url}>)`, block: false });
  };

  return (
    <Dialog title={T.dialogs[tool]} onClose={onClose} className="guide-insert-dialog">
      <form onSubmit={submit} noValidate>
        {fields.map((f, i) => {
          const inputId = `${id}-${f.name}`;
          const wrong = problem?.field === f.name;
          const describedBy = wrong ? `${inputId}-problem` : f.hint ? `${inputId}-hint` : undefined;
          return (
            <div className="field" key={f.name}>
              <label htmlFor={inputId}>{f.label}</label>
              <input
                id={inputId}
                type={f.type ?? 'text'}
                value={f.value}
                autoFocus={i === 0}
                onChange={(e) => {
                  f.set(e.target.value);
                  if (wrong) setProblem(null);
                }}
                aria-invalid={wrong ? true : undefined}
                aria-describedby={describedBy}
              />
              {wrong ? (
                <p id={`${inputId}-problem`} className="field-error" role="alert">
                  {problem.message}
                </p>
              ) : f.hint ? (
                <p id={`${inputId}-hint`} className="field-hint">
                  {f.hint}
                </p>
              ) : null}
            </div>
          );
        })}
        {tool === 'image' ? (
          <Picker
            legend={T.pickImage}
            onPick={(url, image) => {
              setAddress(url);
              // A start for the description: the file's name without its upload time and extension.
              if (!text.trim())
                setText(
                  image.name
                    .replace(/^\d+_/, '')
                    .replace(/\.[a-z0-9]+$/i, '')
                    .replace(/[-_]+/g, ' '),
                );
              setProblem(null);
            }}
          />
        ) : null}
        <DialogFormActions onCancel={onClose} busy={false} submitLabel={T.insert} />
      </form>
    </Dialog>
  );
}
