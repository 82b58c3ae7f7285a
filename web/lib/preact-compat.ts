/**
 * Where React and preact/compat still differ for this site (decision 0064), made to behave as React. Imported first
 * by both entries (main.tsx, entry-server.tsx).
 *
 * `spellCheck={false}`: React writes `spellcheck="false"`; Preact knows no `spellCheck` property, so `false` removes
 * the attribute (and the server leaves it out): the fields for codes and links would be spell-checked. Renamed to
 * the DOM's `spellcheck` (a boolean property in the browser, the attribute's text on the server).
 *
 * `autoFocus`: React writes no `autofocus` attribute in the browser; it focuses a button, input, select or textarea
 * when the element is mounted. Preact writes the attribute, which a browser honours only while the page loads (and
 * in a dialog opening): a form shown after a click would not get the focus, and a dialog would focus a different
 * field from React's. Here the attribute is dropped and a ref focuses the element once, when it is mounted. (An
 * element already there whose autoFocus turns true is focused too, where React would not: no component does that.)
 */
import { options, type RefCallback, type RefObject, type VNode } from 'preact';

type OwnRef = RefCallback<HTMLElement> | RefObject<HTMLElement | null>;

const FOCUSABLE = new Set(['button', 'input', 'select', 'textarea']);
const IN_BROWSER = typeof document !== 'undefined';

const focusOnMount = (element: HTMLElement | null) => {
  element?.focus();
};

/** One composed ref per ref of the component's own, so a re-render does not detach and attach it again. */
const composed = new WeakMap<object, (element: HTMLElement | null) => unknown>();

function withFocus(ref: OwnRef): (element: HTMLElement | null) => unknown {
  let both = composed.get(ref);
  if (!both) {
    both = (element) => {
      focusOnMount(element);
      if (typeof ref === 'function') return ref(element);
      ref.current = element;
      return () => {
        ref.current = null;
      };
    };
    composed.set(ref, both);
  }
  return both;
}

const previous = options.vnode;
options.vnode = (vnode: VNode) => {
  if (typeof vnode.type === 'string' && 'spellCheck' in vnode.props) {
    const { spellCheck, ...rest } = vnode.props as { spellCheck?: unknown };
    vnode.props = {
      ...rest,
      spellcheck: IN_BROWSER ? spellCheck : spellCheck == null ? undefined : String(spellCheck),
    } as unknown as typeof vnode.props;
  }
  // On the server, `autofocus` is written as React writes it.
  if (IN_BROWSER && typeof vnode.type === 'string' && FOCUSABLE.has(vnode.type)) {
    const props = vnode.props as { autoFocus?: unknown };
    if ('autoFocus' in props) {
      const { autoFocus, ...rest } = props;
      if (autoFocus) {
        const own = vnode.ref as OwnRef | null | undefined;
        (vnode as { ref?: unknown }).ref = own ? withFocus(own) : focusOnMount;
      }
      vnode.props = rest as typeof vnode.props;
    }
  }
  previous?.(vnode);
};
