import { editorTexts, paths } from '@cutout/contracts';
import { ImagePlus, ImageUp, Images, Link2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { frameTexts } from '../frame-texts';

// The editor's frame, drawn without Radix or the editor's logic: the home page's first load
// shows it (prerendered HTML too) until the editor's own chunk arrives, and the editor draws its
// empty state from the same pieces, so nothing moves when it takes over
// (docs/decisions/0022, 0051). The tab classes mirror components/ui/tabs.tsx.

export const tabsListClass =
  'inline-flex h-10 items-center gap-1 rounded-xl bg-muted p-1 text-muted-foreground';
export const tabsTriggerClass =
  'inline-flex h-8 items-center justify-center gap-2 rounded-lg px-3 text-sm font-medium whitespace-nowrap [&_svg]:size-4 [&_svg]:shrink-0';
/** Three tabs fit a 360 px phone: full width, smaller text, no icons below `sm`. */
export const editorTabsListClass = 'flex w-full sm:inline-flex sm:w-auto';
export const editorTabClass =
  'min-w-0 flex-1 px-1 text-xs sm:flex-none sm:px-3 sm:text-sm max-sm:[&_svg]:hidden';
const activeTriggerClass = 'bg-background text-foreground shadow-sm';

export function EditorCard({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'relative mx-auto mt-10 max-w-4xl rounded-3xl border border-border bg-card p-4 shadow-sm sm:p-6',
        className,
      )}
    >
      {children}
    </div>
  );
}

/**
 * The editor's one set of tabs (issue 26: the spec's two nested sets both began with 'Upload
 * Image'): where the image comes from — a file, an address, or a sample.
 */
export const editorTabs = [
  { value: 'file', label: editorTexts.uploadImage, icon: <ImagePlus aria-hidden="true" /> },
  { value: 'url', label: editorTexts.imageUrl, icon: <Link2 aria-hidden="true" /> },
  { value: 'samples', label: editorTexts.sampleImages, icon: <Images aria-hidden="true" /> },
] as const;

/** What 'Continue without an image' does, said beside it so the button states its purpose. */
export function ContinueHint({ id }: { id?: string }) {
  return (
    <p id={id} className="mt-1 text-center text-xs text-muted-foreground">
      {frameTexts.continueHint}
    </p>
  );
}

function StaticTabs({ tabs }: { tabs: typeof editorTabs }) {
  return (
    <div className={cn(tabsListClass, editorTabsListClass)}>
      {tabs.map((tab, index) => (
        <span
          key={tab.value}
          className={cn(tabsTriggerClass, editorTabClass, index === 0 && activeTriggerClass)}
        >
          {tab.icon}
          {tab.label}
        </span>
      ))}
    </div>
  );
}

/** The drop area's inside; the editor wraps it in its label and file input. */
export function DropzoneBody() {
  return (
    <>
      <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <ImageUp aria-hidden="true" className="size-6" />
      </span>
      <span className="mt-4 block text-base font-medium text-balance">{frameTexts.dropTitle}</span>
      <span className="mt-1 block text-sm text-muted-foreground">{frameTexts.dropHint}</span>
    </>
  );
}

export const dropzoneClass =
  'flex h-60 w-full flex-col items-center justify-center rounded-2xl border-2 border-dashed border-border bg-subtle px-6 text-center';

/** The terms, privacy and bot-check notice (spec §2 "Editor"). */
export function Notice({ botCheck }: { botCheck: ReactNode }) {
  return (
    <div className="mt-6 border-t border-border pt-4 text-center text-xs text-muted-foreground">
      <p>
        {frameTexts.noticeTerms}{' '}
        <Link to={paths.terms} className="font-medium text-foreground underline underline-offset-2">
          {frameTexts.terms}
        </Link>{' '}
        {frameTexts.and}{' '}
        <Link
          to={paths.privacy}
          className="font-medium text-foreground underline underline-offset-2"
        >
          {frameTexts.privacy}
        </Link>
        .
      </p>
      <div className="mt-1 min-h-4">{botCheck}</div>
    </div>
  );
}

export const continueButtonClass =
  'inline-flex h-9 items-center justify-center rounded-lg px-4 text-sm font-medium text-muted-foreground';

/**
 * The editor before its code arrives: the tabs' labels, the drop area and the notice, at the
 * size of the editor's empty state. Nothing here is a control yet; pointing at it or focusing
 * it asks for the editor (editor-section.tsx).
 */
export function EditorFrame() {
  return (
    <EditorCard>
      <div aria-busy="true" aria-label={frameTexts.loading}>
        <div className="flex justify-center">
          <StaticTabs tabs={editorTabs} />
        </div>
        <div className="mt-6">
          <div className={dropzoneClass}>
            <DropzoneBody />
          </div>
        </div>
        <div className="mt-4 flex flex-col items-center">
          <span className={continueButtonClass}>{editorTexts.continueWithoutImage}</span>
          <ContinueHint />
        </div>
      </div>
      <Notice botCheck={null} />
    </EditorCard>
  );
}
