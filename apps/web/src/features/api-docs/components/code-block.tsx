import { CopyButton } from './copy-button';

/** A titled example with its copy button; long lines scroll instead of wrapping. */
export function CodeBlock({ title, code }: { title: string; code: string }) {
  return (
    <figure className="overflow-hidden rounded-xl border border-border bg-card">
      <figcaption className="flex items-center justify-between gap-3 border-b border-border bg-subtle py-1.5 pr-1.5 pl-4">
        <span className="truncate text-sm font-medium">{title}</span>
        <CopyButton text={code} label={title} />
      </figcaption>
      {/* Focusable so keyboard users can scroll long lines (a scrollable region must be). */}
      <pre
        tabIndex={0}
        className="overflow-x-auto p-4 text-[13px] leading-relaxed outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}
