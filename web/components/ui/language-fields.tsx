import type { ReactNode } from 'react';
import { CONTENT_LANGUAGES, type ContentLanguage } from '../../../common/catalogue-languages';
import './language-fields.css';

type Props = {
  legend: string;
  hint?: string | undefined;
  /** The field(s) of one language; give each input `lang` and `dir` (languageInputProps). */
  children: (language: ContentLanguage) => ReactNode;
};

/** One group per site language but English (issue 41): a category's names, a product's translated texts. */
export function LanguageFields({ legend, hint, children }: Props) {
  return (
    <fieldset className="language-fields">
      <legend>{legend}</legend>
      {hint && <p className="field-hint">{hint}</p>}
      <div className="language-fields-grid">{CONTENT_LANGUAGES.map((l) => children(l))}</div>
    </fieldset>
  );
}

/** What an input holding text in `language` says of it: its language and direction (Arabic right to left). */
export function languageInputProps(language: ContentLanguage) {
  return { lang: language.code, dir: language.dir };
}
