import { homeTexts } from '@cutout/contracts';
import { useEffect, useRef } from 'react';
import { lazyModule, useLazyModule } from '../../../lib/lazy-module';
import { EditorFrame } from './editor-frame';

// The editor is its own chunk, not part of the home page's first load (docs/decisions/0022,
// 0051). It is fetched when the section comes within one and a half screens of the viewport
// (scrolling towards it, or arriving at /#editor), or as soon as someone points at, touches or
// focuses the frame, whichever comes first. Not when the page goes idle: that would fetch it on
// every visit, for the many who never scroll down, and count it in the first load.
const editorModule = lazyModule(() => import('./editor'));

/** How far below the viewport the section may be when its code is fetched. */
const approachMargin = '150% 0px';

function useLoadEditorWhenNear(target: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = target.current;
    if (!element || editorModule.getSnapshot()) return;
    const load = () => {
      editorModule.load().catch(() => undefined);
    };
    const cleanups: (() => void)[] = [];

    if (typeof IntersectionObserver !== 'undefined') {
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) load();
        },
        { rootMargin: approachMargin },
      );
      observer.observe(element);
      cleanups.push(() => observer.disconnect());
    } else {
      load();
    }

    for (const type of ['pointerenter', 'focusin', 'touchstart'] as const) {
      element.addEventListener(type, load, { once: true, passive: true });
      cleanups.push(() => element.removeEventListener(type, load));
    }
    return () => {
      for (const cleanup of cleanups) cleanup();
    };
  }, [target]);
}

/** The home page's editor (spec §2 "Editor"), anchored at #editor. */
export function EditorSection() {
  const editor = useLazyModule(editorModule);
  const frameRef = useRef<HTMLDivElement>(null);
  useLoadEditorWhenNear(frameRef);

  return (
    <section
      id="editor"
      aria-labelledby="editor-heading"
      className="scroll-mt-16 border-t border-border bg-subtle"
    >
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <h2 id="editor-heading" className="text-center text-3xl font-semibold tracking-tight">
          {homeTexts.editorHeading}
        </h2>
        <div ref={frameRef}>{editor ? <editor.Editor /> : <EditorFrame />}</div>
      </div>
    </section>
  );
}
