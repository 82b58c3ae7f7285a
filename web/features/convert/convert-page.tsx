import { useId, useRef, useState, type FormEvent } from 'react';
import { CONVERT_TEXTS } from '../../../common/texts/convert';
import { CONVERT_TEXT_MAX_LENGTH } from '../../../common/convert';
import { staticPageMeta } from '../../../common/static-page-meta';
import type { ConvertResult } from '../../../common/schemas/convert';
import { useChosenAgent } from '../../lib/agents';
import { reasonOf } from '../../lib/errors';
import { usePageMeta } from '../../lib/page-meta';
import { usePreferences } from '../../lib/preferences';
import { useConvertLink } from './api/convert-link';
import { ConvertedLinks } from './components/converted-links';
import './convert.css';

/** A refusal of the schema names its field ("text: …"); the page shows the sentence alone under the field. */
const sentence = (message: string) => message.replace(/^text: /, '');

/**
 * The public link converter (issue 29): paste a link or share text, see the item's source and every agent's link
 * (the visitor's first), and its card when it is in the catalogue. Works without an account; the server limits it.
 */
export default function ConvertPage() {
  usePageMeta(staticPageMeta('convert'));
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<ConvertResult | null>(null);
  const { agent: chosenSlug } = usePreferences();
  const { agent } = useChosenAgent();
  const convert = useConvertLink();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setProblem(CONVERT_TEXTS.empty);
      field.current?.focus();
      return;
    }
    setProblem(null);
    convert.mutate(
      { text, agent: agent?.slug },
      {
        onSuccess: (answer) => setResult(answer),
        onError: (err) => {
          setResult(null);
          setProblem(sentence(reasonOf(err)));
          field.current?.focus();
        },
      },
    );
  };

  const announcement = result
    ? CONVERT_TEXTS.announced(result.source.name, result.source.itemId, result.links.length)
    : convert.isPending
      ? CONVERT_TEXTS.submitting
      : '';

  return (
    <section className="convert" aria-labelledby="convert-title">
      <h1 id="convert-title">{CONVERT_TEXTS.heading}</h1>
      <p className="convert-intro">{CONVERT_TEXTS.intro}</p>
      <form className="convert-form" onSubmit={submit} noValidate>
        <div className={problem ? 'field field-invalid' : 'field'}>
          <label htmlFor={fieldId}>{CONVERT_TEXTS.label}</label>
          <textarea
            id={fieldId}
            ref={field}
            name="text"
            rows={3}
            value={text}
            maxLength={CONVERT_TEXT_MAX_LENGTH}
            placeholder={CONVERT_TEXTS.placeholder}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            aria-describedby={problem ? `${errorId} ${hintId}` : hintId}
            aria-invalid={problem ? true : undefined}
            required
            onChange={(e) => setText(e.target.value)}
          />
          <p id={hintId} className="field-hint">
            {CONVERT_TEXTS.hint}
          </p>
          {problem && (
            <p id={errorId} className="field-error" role="alert">
              {problem}
            </p>
          )}
        </div>
        <div className="convert-actions">
          <button type="submit" className="button button-primary" disabled={convert.isPending}>
            {convert.isPending ? CONVERT_TEXTS.submitting : CONVERT_TEXTS.submit}
          </button>
          {(text || result) && (
            <button
              type="button"
              className="button button-ghost"
              onClick={() => {
                setText('');
                setResult(null);
                setProblem(null);
                field.current?.focus();
              }}
            >
              {CONVERT_TEXTS.clear}
            </button>
          )}
        </div>
      </form>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      {result && <ConvertedLinks result={result} chosen={chosenSlug !== null && result.links[0]?.agent === chosenSlug} />}
    </section>
  );
}
