import { appTexts } from '@cutout/contracts';

/** 'Loading...' (spec §2: guards show it while the session loads). */
export function LoadingScreen() {
  return (
    <div role="status" className="flex min-h-[50vh] flex-1 items-center justify-center px-4">
      <div className="flex items-center gap-3 text-sm text-muted-foreground">
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
        />
        {appTexts.loading}
      </div>
    </div>
  );
}
