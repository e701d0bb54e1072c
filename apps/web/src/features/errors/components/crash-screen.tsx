import { appTexts } from '@cutout/contracts';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { Button } from '../../../components/ui/button';

function reloadPage() {
  window.location.reload();
}

/** Spec §2 fallback screen for an unexpected rendering error. */
export function CrashScreen({ reload = reloadPage }: { reload?: () => void }) {
  return (
    <div role="alert" className="flex flex-1 items-center justify-center px-4 py-24">
      <div className="flex max-w-md flex-col items-center text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-red-500/10 text-red-600 dark:text-red-400">
          <TriangleAlert aria-hidden="true" className="size-6" />
        </span>
        <h1 className="mt-5 text-2xl font-semibold tracking-tight">{appTexts.crash.title}</h1>
        <p className="mt-2 text-muted-foreground">{appTexts.crash.message}</p>
        <Button className="mt-6" onClick={reload}>
          <RefreshCw aria-hidden="true" />
          {appTexts.crash.action}
        </Button>
      </div>
    </div>
  );
}
