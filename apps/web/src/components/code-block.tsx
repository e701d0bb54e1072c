import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '../lib/cn';

/** A command or program to copy: monospace, scrolls sideways, with a copy button. */
export function CodeBlock({
  code,
  label,
  className,
}: {
  code: string;
  /** What the block is, for the copy button's accessible name ("Copy curl example"). */
  label: string;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  return (
    <div
      className={cn(
        'overflow-hidden rounded-xl border border-border bg-slate-950 text-slate-100 dark:bg-black/40',
        className,
      )}
    >
      <div className="flex justify-end border-b border-white/10 px-1.5 py-1">
        <button
          type="button"
          onClick={() => {
            void navigator.clipboard?.writeText(code).then(
              () => setCopied(true),
              () => undefined,
            );
          }}
          aria-label={copied ? 'Copied' : `Copy ${label}`}
          className="flex size-7 items-center justify-center rounded-md text-slate-300 transition-colors outline-none hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-ring"
        >
          {copied ? (
            <Check aria-hidden="true" className="size-4" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
        </button>
      </div>
      <pre className="overflow-x-auto p-4 font-mono text-[13px] leading-6">
        <code>{code}</code>
      </pre>
    </div>
  );
}
