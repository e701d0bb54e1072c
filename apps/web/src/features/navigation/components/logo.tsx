import { appTexts, paths } from '@cutout/contracts';
import { Link } from 'react-router';

/** The wordmark: a cut-out square (a subject lifted off its background) and the product name. */
export function Logo({ className }: { className?: string }) {
  return (
    <Link
      to={paths.home}
      className={`flex items-center gap-2 rounded-md font-semibold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring ${className ?? ''}`}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-7">
        <rect width="24" height="24" rx="7" className="fill-primary" />
        <path
          d="M7 7h4v4H7zM13 13h4v4h-4z"
          className="fill-primary-foreground"
          fillOpacity="0.95"
        />
        <path
          d="M13 7h4v4h-4zM7 13h4v4H7z"
          className="fill-primary-foreground"
          fillOpacity="0.35"
        />
      </svg>
      <span className="text-[1.05rem]">{appTexts.productName}</span>
    </Link>
  );
}
