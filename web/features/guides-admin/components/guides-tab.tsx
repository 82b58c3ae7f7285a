import { useEffect, useId, useRef, useState } from 'react';
import { guideInputSchema, type AdminGuide, type GuideInput, type GuideStatus } from '../../../../common/schemas/guide';
import type { GuideBlock } from '../../../../common/schemas/guide-page';
import { GUIDES_ADMIN_TEXTS as T } from '../../../../common/texts/guides-admin';
import { DEFAULT_LANG, LANGUAGES, pathIn, type LangCode } from '../../../../common/i18n';
import { guidePath } from '../../../../common/guides';
import { ProductCard } from '../../../components/product-card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadStatus } from '../../../components/ui/load-status';
import { useToast } from '../../../components/ui/toast';
import { reasonOf } from '../../../lib/errors';
import {
  createGuide,
  deleteGuide,
  previewGuide,
  restoreRevision,
  saveGuide,
  undoChange,
  useAdminGuide,
  useAdminGuides,
  useGuidesRefresh,
  useRevisions,
} from '../api/guides';
import { InsertDialog, type ImagePicker, type InsertTool } from './insert-dialog';
import { surround, type Inserted } from '../markdown-tools';
import '../../../components/guide-body.css';
import './guides-admin.css';

/** Autosave of a draft: this long after the last keystroke. */
const AUTOSAVE_MS = 3000;
/** The preview follows the text this long after the last keystroke. */
const PREVIEW_MS = 400;

type Form = {
  title: string;
  slug: string;
  description: string;
  topic: string;
  tags: string;
  authorName: string;
  coverImageId: string | null;
  coverUrl: string | null;
  coverAlt: string;
  status: GuideStatus;
  publishAt: string;
  body: string;
};

const EMPTY: Form = {
  title: '',
  slug: '',
  description: '',
  topic: '',
  tags: '',
  authorName: '',
  coverImageId: null,
  coverUrl: null,
  coverAlt: '',
  status: 'draft',
  publishAt: '',
  body: '',
};

/** datetime-local's value for an ISO time, in the browser's zone. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function formOf(guide: AdminGuide): Form {
  return {
    title: guide.title,
    slug: guide.slug,
    description: guide.description,
    topic: guide.topic,
    tags: guide.tags.join(', '),
    authorName: guide.authorName,
    coverImageId: guide.coverImageId,
    coverUrl: guide.coverUrl,
    coverAlt: guide.coverAlt,
    status: guide.status,
    publishAt: localInput(guide.publishAt),
    body: guide.body,
  };
}

function inputOf(form: Form): GuideInput {
  return {
    title: form.title,
    slug: form.slug,
    description: form.description,
    topic: form.topic,
    tags: form.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    authorName: form.authorName,
    coverImageId: form.coverImageId,
    coverAlt: form.coverAlt,
    status: form.status,
    publishAt: form.publishAt ? new Date(form.publishAt).toISOString() : null,
    body: form.body,
  };
}

/** The preview's blocks: the server's sanitised HTML, and the storefront's own product cards. */
function PreviewBlocks({ blocks }: { blocks: GuideBlock[] }) {
  return (
    <>
      {blocks.map((block, i) =>
        block.kind === 'html' ? (
          <div key={i} className="guide-body" dangerouslySetInnerHTML={{ __html: block.html }} />
        ) : block.product ? (
          <ul key={i} className="guide-cards">
            <ProductCard product={block.product} fadeIn={null} eager={false} />
          </ul>
        ) : (
          <p key={i} className="guide-card-removed">
            {T.productRemoved}
          </p>
        ),
      )}
    </>
  );
}

function Editor({
  id,
  imagePicker: Picker,
  onClose,
  onOpen,
}: {
  id: string | null;
  imagePicker: ImagePicker;
  onClose: () => void;
  onOpen: (id: string) => void;
}) {
  const fieldId = useId();
  const toast = useToast();
  const refresh = useGuidesRefresh();
  const [guideId, setGuideId] = useState<string | null>(id);
  // The guide as saved: a new one is read too once its first save has made it (its versions, its View link).
  const loaded = useAdminGuide(guideId);
  const [lang, setLang] = useState<LangCode>(DEFAULT_LANG);
  const [form, setForm] = useState<Form>(EMPTY);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const [lastRevision, setLastRevision] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ blocks: GuideBlock[]; readingMinutes: number } | null>(null);
  const [newLang, setNewLang] = useState<LangCode | ''>('');
  const [asking, setAsking] = useState<{ tool: InsertTool; start: number; end: number } | null>(null);
  const [confirming, setConfirming] = useState<'leave' | 'delete' | null>(null);
  const body = useRef<HTMLTextAreaElement>(null);
  const revisions = useRevisions(guideId, lastRevision ?? undefined);
  const guide = loaded.data;

  // The form follows the guide as (re)loaded: adjusted while rendering, as React advises for state derived from props.
  // Not over keystrokes made since: those stay, still unsaved.
  const [shown, setShown] = useState<string | null>(null);
  if (guide && shown !== `${guide.id} ${guide.updatedAt}`) {
    setShown(`${guide.id} ${guide.updatedAt}`);
    if (!dirty) {
      setForm(formOf(guide));
      setLang(guide.lang as LangCode);
    }
  }

  // Edits counted, so a save that ends after more typing leaves those changes marked unsaved.
  const edits = useRef(0);
  const change = (patch: Partial<Form>) => {
    edits.current += 1;
    setForm((f) => ({ ...f, ...patch }));
    setDirty(true);
  };

  // The preview: the public page's rendering, from the server.
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      previewGuide(form.body, lang, controller.signal).then(
        (p) => setPreview({ blocks: p.blocks, readingMinutes: p.readingMinutes }),
        () => undefined,
      );
    }, PREVIEW_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [form.body, lang]);

  // A warning before leaving with unsaved changes.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    // A link inside the site (Back to Store, the header's) changes the page without unloading it: asked here too,
    // before the router sees the click.
    const onLink = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.origin !== window.location.origin) return;
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if (link.pathname === window.location.pathname) return;
      if (window.confirm(T.leaveWarning)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    document.addEventListener('click', onLink, true);
    return () => {
      window.removeEventListener('beforeunload', warn);
      document.removeEventListener('click', onLink, true);
    };
  }, [dirty]);

  async function save(auto: boolean): Promise<void> {
    const input = inputOf(form);
    const parsed = guideInputSchema.safeParse(input);
    if (!parsed.success) {
      if (!auto) setProblems(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? ''), i.message])));
      return;
    }
    setBusy(true);
    const editsSaved = edits.current;
    try {
      const saved = guideId ? await saveGuide(guideId, input) : await createGuide(input, lang, null);
      setGuideId(saved.guide.id);
      setLastRevision(saved.revisionId);
      setProblems({});
      if (edits.current === editsSaved) setDirty(false);
      const time = new Date().toLocaleTimeString();
      setStatus(auto ? T.autosaved(time) : T.saved(time));
      void refresh();
    } catch (err) {
      if (!auto) toast(reasonOf(err), 'error');
    } finally {
      setBusy(false);
    }
  }

  // Autosave: drafts only (a published guide changes on the site when its editor says so).
  useEffect(() => {
    if (!dirty || form.status !== 'draft' || busy) return;
    const timer = setTimeout(() => void save(true), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  });

  const leave = () => {
    if (dirty) setConfirming('leave');
    else onClose();
  };

  /** Writes a tool's Markdown at the selection it was pressed on, then puts the caret after it in the text. */
  const apply = (name: keyof typeof T.tools, start: number, end: number, inserted?: Inserted) => {
    const next = surround(form.body, start, end, name, inserted, T.tools.bold);
    change({ body: next.text });
    requestAnimationFrame(() => {
      const area = body.current;
      if (!area) return;
      area.focus();
      area.setSelectionRange(next.cursor, next.cursor);
    });
  };
  const tool = (name: keyof typeof T.tools) => {
    const area = body.current;
    if (!area) return;
    const { selectionStart: start, selectionEnd: end } = area;
    // A link, picture or product asks for its address first, in a small dialog.
    if (name === 'link' || name === 'image' || name === 'product') setAsking({ tool: name, start, end });
    else apply(name, start, end);
  };

  if (id && !guide) {
    return (
      <LoadStatus
        loading={loaded.isPending}
        loadingText={T.loading}
        failure={loaded.isError && T.loadFailed}
        onRetry={() => void loaded.refetch()}
      />
    );
  }

  const field = (name: keyof Form, label: string, hint?: string, multiline = false) => (
    <div className="field">
      <label htmlFor={`${fieldId}-${name}`}>{label}</label>
      {multiline ? (
        <textarea
          id={`${fieldId}-${name}`}
          value={String(form[name] ?? '')}
          rows={2}
          onChange={(e) => change({ [name]: e.target.value })}
          aria-invalid={problems[name] ? true : undefined}
          aria-describedby={problems[name] ? `${fieldId}-${name}-problem` : hint ? `${fieldId}-${name}-hint` : undefined}
        />
      ) : (
        <input
          id={`${fieldId}-${name}`}
          value={String(form[name] ?? '')}
          onChange={(e) => change({ [name]: e.target.value })}
          aria-invalid={problems[name] ? true : undefined}
          aria-describedby={problems[name] ? `${fieldId}-${name}-problem` : hint ? `${fieldId}-${name}-hint` : undefined}
        />
      )}
      {problems[name] ? (
        <p id={`${fieldId}-${name}-problem`} className="field-error" role="alert">
          {problems[name]}
        </p>
      ) : hint ? (
        <p id={`${fieldId}-${name}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );

  const taken = new Set((guide?.versions ?? []).map((v) => v.lang));
  return (
    <section className="guide-editor" aria-labelledby={`${fieldId}-heading`}>
      <p>
        <button type="button" className="button button-ghost button-small" onClick={leave}>
          {T.back}
        </button>
      </p>
      <h3 id={`${fieldId}-heading`}>{form.title || T.newGuide}</h3>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save(false);
        }}
        noValidate
      >
        {!guideId ? (
          <div className="field">
            <label htmlFor={`${fieldId}-lang`}>{T.columns.language}</label>
            <select id={`${fieldId}-lang`} value={lang} onChange={(e) => setLang(e.target.value as LangCode)}>
              {LANGUAGES.map((l) => (
                <option key={l.code} value={l.code}>
                  {l.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {field('title', T.title)}
        {field('slug', T.slug, T.slugHint)}
        {field('description', T.description, undefined, true)}
        {field('topic', T.topic)}
        {field('tags', T.tags, T.tagsHint)}
        {field('authorName', T.author)}
        <fieldset className="field">
          <legend>{T.cover}</legend>
          {form.coverUrl ? (
            <p>
              <img src={form.coverUrl} alt="" width={160} height={90} style={{ objectFit: 'cover' }} />{' '}
              <button
                type="button"
                className="button button-ghost button-small"
                onClick={() => change({ coverImageId: null, coverUrl: null, coverAlt: '' })}
              >
                {T.removeCover}
              </button>
            </p>
          ) : (
            <Picker legend={T.pickCover} onPick={(url, image) => change({ coverImageId: image.id, coverUrl: url })} />
          )}
          {form.coverImageId ? field('coverAlt', T.coverAlt, T.coverAltHint) : null}
        </fieldset>
        <div className="field">
          <label htmlFor={`${fieldId}-status`}>{T.status}</label>
          <select id={`${fieldId}-status`} value={form.status} onChange={(e) => change({ status: e.target.value as GuideStatus })}>
            {(['draft', 'scheduled', 'published'] as const).map((s) => (
              <option key={s} value={s}>
                {T.statuses[s]}
              </option>
            ))}
          </select>
        </div>
        {form.status === 'scheduled' ? (
          <div className="field">
            <label htmlFor={`${fieldId}-publishAt`}>{T.publishAt}</label>
            <input
              id={`${fieldId}-publishAt`}
              type="datetime-local"
              value={form.publishAt}
              onChange={(e) => change({ publishAt: e.target.value })}
              aria-invalid={problems.publishAt ? true : undefined}
            />
            {problems.publishAt ? (
              <p className="field-error" role="alert">
                {problems.publishAt}
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="guide-editor-columns">
          <div className="field">
            <label htmlFor={`${fieldId}-body`}>{T.body}</label>
            <div role="toolbar" aria-label={T.toolbar} aria-controls={`${fieldId}-body`} className="guide-toolbar">
              {(Object.keys(T.tools) as Array<keyof typeof T.tools>).map((name) => (
                <button key={name} type="button" className="button button-ghost button-small" onClick={() => tool(name)}>
                  {T.tools[name]}
                </button>
              ))}
            </div>
            <textarea
              id={`${fieldId}-body`}
              ref={body}
              rows={24}
              value={form.body}
              onChange={(e) => change({ body: e.target.value })}
              aria-describedby={`${fieldId}-body-hint`}
              aria-invalid={problems.body ? true : undefined}
            />
            <p id={`${fieldId}-body-hint`} className="field-hint">
              {T.bodyHint('{{product:NUMBER}}')}
            </p>
            {problems.body ? (
              <p className="field-error" role="alert">
                {problems.body}
              </p>
            ) : null}
          </div>
          <section
            className="guide-preview"
            aria-labelledby={`${fieldId}-preview`}
            aria-busy={preview === null}
            // It scrolls on its own: keyboard users reach it too.
            tabIndex={0}
          >
            <h4 id={`${fieldId}-preview`}>{T.preview}</h4>
            {preview ? <PreviewBlocks blocks={preview.blocks} /> : <p>{T.previewLoading}</p>}
          </section>
        </div>
        <div className="item-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? T.saving : T.save}
          </button>
          {lastRevision ? (
            <button
              type="button"
              className="button button-ghost"
              disabled={busy}
              onClick={() =>
                void undoChange(lastRevision).then(
                  async (done) => {
                    toast(T.undone, 'success');
                    setLastRevision(null);
                    await refresh();
                    setDirty(false);
                    if (!done.restored) onClose();
                    else void loaded.refetch();
                  },
                  (err: unknown) => toast(reasonOf(err), 'error'),
                )
              }
            >
              {T.undo}
            </button>
          ) : null}
          {guide?.status === 'published' ? (
            <a className="button button-ghost" href={pathIn(guide.lang as LangCode, guidePath(guide.slug))} target="_blank" rel="noopener">
              {T.view}
            </a>
          ) : null}
          {guideId ? (
            <button type="button" className="button button-danger" disabled={busy} onClick={() => setConfirming('delete')}>
              {T.delete}
            </button>
          ) : null}
          <span role="status" className="field-hint">
            {dirty ? T.unsaved : status}
          </span>
        </div>
      </form>
      {guide ? (
        <section aria-labelledby={`${fieldId}-versions`}>
          <h4 id={`${fieldId}-versions`}>{T.versions}</h4>
          <ul>
            {guide.versions
              .filter((v) => v.id !== guide.id)
              .map((v) => (
                <li key={v.id}>
                  <button type="button" className="button button-ghost button-small" onClick={() => onOpen(v.id)}>
                    {T.openVersion(LANGUAGES.find((l) => l.code === v.lang)?.name ?? v.lang)}
                  </button>{' '}
                  {v.title} · {T.statuses[v.status]}
                </li>
              ))}
          </ul>
          <div className="field">
            <label htmlFor={`${fieldId}-newlang`}>{T.addVersion}</label>
            <select id={`${fieldId}-newlang`} value={newLang} onChange={(e) => setNewLang(e.target.value as LangCode)}>
              <option value="">{T.chooseLanguage}</option>
              {LANGUAGES.filter((l) => !taken.has(l.code)).map((l) => (
                <option key={l.code} value={l.code}>
                  {l.name}
                </option>
              ))}
            </select>{' '}
            <button
              type="button"
              className="button button-small"
              disabled={!newLang}
              onClick={() => {
                if (!newLang) return;
                void createGuide({ ...inputOf(form), slug: '', status: 'draft', publishAt: null }, newLang, guide.id).then(
                  async (saved) => {
                    await refresh();
                    onOpen(saved.guide.id);
                  },
                  (err: unknown) => toast(reasonOf(err), 'error'),
                );
              }}
            >
              {T.addVersionButton}
            </button>
          </div>
        </section>
      ) : null}
      {guideId ? (
        <section aria-labelledby={`${fieldId}-revisions`}>
          <h4 id={`${fieldId}-revisions`}>{T.revisions}</h4>
          <ol className="guide-revisions">
            {(revisions.data ?? []).map((r) => (
              <li key={r.id}>
                {T.revisionLine(r.action, new Date(r.createdAt).toLocaleString(), r.actorEmail)}{' '}
                <button
                  type="button"
                  className="button button-ghost button-small"
                  aria-label={`${T.restore}: ${new Date(r.createdAt).toLocaleString()}`}
                  onClick={() =>
                    void restoreRevision(guideId, r.id).then(
                      async (saved) => {
                        toast(T.restored, 'success');
                        setLastRevision(saved.revisionId);
                        await refresh();
                        setForm(formOf(saved.guide));
                        setDirty(false);
                      },
                      (err: unknown) => toast(reasonOf(err), 'error'),
                    )
                  }
                >
                  {T.restore}
                </button>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {asking ? (
        <InsertDialog
          tool={asking.tool}
          selection={form.body.slice(asking.start, asking.end)}
          imagePicker={Picker}
          onClose={() => {
            setAsking(null);
            requestAnimationFrame(() => body.current?.focus());
          }}
          onInsert={(inserted) => {
            setAsking(null);
            apply(asking.tool, asking.start, asking.end, inserted);
          }}
        />
      ) : null}
      {confirming === 'leave' ? (
        <ConfirmDialog
          title={T.leaveTitle}
          confirmLabel={T.leaveConfirm}
          busy={false}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            setConfirming(null);
            setDirty(false);
            onClose();
          }}
        >
          <p>{T.leaveWarning}</p>
        </ConfirmDialog>
      ) : null}
      {confirming === 'delete' && guideId ? (
        <ConfirmDialog
          title={T.delete}
          busy={busy}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            setBusy(true);
            void deleteGuide(guideId).then(
              async () => {
                toast(T.deleted, 'success');
                setConfirming(null);
                setDirty(false);
                await refresh();
                onClose();
              },
              (err: unknown) => {
                setBusy(false);
                setConfirming(null);
                toast(reasonOf(err), 'error');
              },
            );
          }}
        >
          <p>{T.deleteConfirm}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

/** The Guides tab (issue 43, admins): the list of guides in every language, and the editor of one. */
export function GuidesTab({ imagePicker }: { imagePicker: ImagePicker }) {
  const guides = useAdminGuides();
  const [open, setOpen] = useState<{ id: string | null } | null>(null);
  if (open)
    return (
      <Editor
        key={open.id ?? 'new'}
        id={open.id}
        imagePicker={imagePicker}
        onClose={() => setOpen(null)}
        onOpen={(id) => setOpen({ id })}
      />
    );
  return (
    <section className="guides-tab" aria-label={T.heading}>
      <p>
        <button type="button" className="button button-primary" onClick={() => setOpen({ id: null })}>
          {T.newGuide}
        </button>
      </p>
      {!guides.data ? (
        <LoadStatus
          loading={guides.isPending}
          loadingText={T.loading}
          failure={guides.isError && T.loadFailed}
          onRetry={() => void guides.refetch()}
        />
      ) : guides.data.length === 0 ? (
        <p>{T.none}</p>
      ) : (
        <table className="admin-table">
          <caption className="visually-hidden">{T.listLabel}</caption>
          <thead>
            <tr>
              <th scope="col">{T.columns.title}</th>
              <th scope="col">{T.columns.language}</th>
              <th scope="col">{T.columns.status}</th>
              <th scope="col">{T.columns.updated}</th>
              <th scope="col">
                <span className="visually-hidden">{T.edit}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {guides.data.map((g) => (
              <tr key={g.id}>
                <td>{g.title}</td>
                <td>{g.lang}</td>
                <td>{T.statuses[g.status]}</td>
                <td>{new Date(g.updatedAt).toLocaleString()}</td>
                <td>
                  <button
                    type="button"
                    className="button button-small"
                    onClick={() => setOpen({ id: g.id })}
                    aria-label={`${T.edit}: ${g.title}`}
                  >
                    {T.edit}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
