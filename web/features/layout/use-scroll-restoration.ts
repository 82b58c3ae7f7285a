import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { useLocation, useNavigationType } from '../../lib/router';

/** Where each history entry was scrolled to, by the router's entry key (kept while the tab lives). */
const positions = new Map<string, number>();
/** How long a restore waits for the page to grow tall enough (its data may still be loading). */
const RESTORE_WAIT_MS = 2000;

/**
 * In-site navigation like a multi-page site: a new page starts at the top with focus on its content (so screen
 * readers announce it); Back and Forward return to where that page was scrolled, the finder's loaded pages included.
 * Filter changes on one page (same path) leave the scroll alone.
 */
export function useScrollRestoration(mainRef: RefObject<HTMLElement | null>): void {
  const { key, pathname } = useLocation();
  const navigationType = useNavigationType();
  const current = useRef(key);
  const previousPath = useRef(pathname);

  useEffect(() => {
    const save = () => positions.set(current.current, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, []);

  useLayoutEffect(() => {
    current.current = key;
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    if (navigationType !== 'POP') {
      window.scrollTo(0, 0);
      mainRef.current?.focus({ preventScroll: true });
      return;
    }
    const target = positions.get(key) ?? 0;
    const started = performance.now();
    let frame = 0;
    const restore = () => {
      const reachable = document.documentElement.scrollHeight - window.innerHeight >= target;
      if (reachable || performance.now() - started > RESTORE_WAIT_MS) {
        window.scrollTo(0, target);
        return;
      }
      frame = requestAnimationFrame(restore);
    };
    restore();
    // The visitor scrolling meanwhile wins.
    const stop = () => cancelAnimationFrame(frame);
    window.addEventListener('wheel', stop, { once: true, passive: true });
    window.addEventListener('touchstart', stop, { once: true, passive: true });
    return () => {
      stop();
      window.removeEventListener('wheel', stop);
      window.removeEventListener('touchstart', stop);
    };
  }, [key, pathname, navigationType, mainRef]);
}
