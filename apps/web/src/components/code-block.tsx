import { cn } from '../lib/cn';
import { CopyButton } from './copy-button';

/**
 * A command or program to copy: monospace, long lines scroll instead of wrapping, a copy button
 * in its top bar, and the `title` there when it has one. `label` names what the button copies
 * ("Copy curl example"); it defaults to the title.
 */
export function CodeBlock({
  code,
  title,
  label = title ?? '',
  className,
}: {
  code: string;
  title?: string;
  label?: string;
  className?: string;
}) {
  const Bar = title ? 'figcaption' : 'div';
  return (
    <figure className={cn('overflow-hidden rounded-xl border border-border bg-card', className)}>
      <Bar
        className={cn(
          'flex items-center gap-3 border-b border-border bg-subtle py-1.5 pr-1.5 pl-4',
          title ? 'justify-between' : 'justify-end',
        )}
      >
        {title && <span className="truncate text-sm font-medium">{title}</span>}
        <CopyButton text={code} label={label} />
      </Bar>
      {/* Focusable so keyboard users can scroll long lines (a scrollable region must be). */}
      <pre
        tabIndex={0}
        className="overflow-x-auto p-4 font-mono text-[13px] leading-relaxed outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}
