import { editorTexts, type SampleImage } from '@cutout/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { loadToast } from '../../../lib/toast';
import { useSamples } from '../api/samples';
import { workspaceTexts } from '../texts';

/** Resolves once the browser has the image (so the preview shows at once), rejects if it can't. */
export function preloadImage(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve();
    image.onerror = () => reject(new Error(`Could not load ${url}`));
    image.src = url;
  });
}

/**
 * The four samples (spec §2, §4 "Sample loading"): one loads at a time with a spinner while the
 * others are disabled; 'Sample image loaded' once the browser has it.
 */
export function SamplesTab({
  onSample,
  preload = preloadImage,
}: {
  onSample: (sample: SampleImage) => void;
  preload?: (url: string) => Promise<void>;
}) {
  const samples = useSamples(true);
  const [loadingId, setLoadingId] = useState<string | null>(null);

  const pick = async (sample: SampleImage) => {
    setLoadingId(sample.id);
    try {
      await preload(sample.url);
    } catch {
      setLoadingId(null);
      const toast = await loadToast();
      toast.error(editorTexts.sampleFailed);
      return;
    }
    setLoadingId(null);
    onSample(sample);
    const toast = await loadToast();
    toast.success(editorTexts.sampleLoaded);
  };

  if (samples.isError) {
    return (
      <div className="flex h-60 flex-col items-center justify-center gap-3 text-center">
        <p className="text-sm text-muted-foreground">{workspaceTexts.samplesFailed}</p>
        <Button variant="outline" size="sm" onClick={() => void samples.refetch()}>
          {workspaceTexts.retry}
        </Button>
      </div>
    );
  }

  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4" aria-busy={samples.isPending}>
      {samples.isPending
        ? Array.from({ length: 4 }, (_, index) => (
            <li key={index} aria-hidden="true">
              <div className="aspect-[4/3] animate-pulse rounded-xl bg-muted" />
              <div className="mx-auto mt-2 h-4 w-2/3 animate-pulse rounded bg-muted" />
            </li>
          ))
        : samples.data.map((sample) => {
            const loading = loadingId === sample.id;
            return (
              <li key={sample.id}>
                <button
                  type="button"
                  onClick={() => void pick(sample)}
                  disabled={loadingId !== null}
                  aria-busy={loading}
                  aria-label={workspaceTexts.pickSample(sample.name)}
                  className={cn(
                    'group block w-full rounded-xl text-left outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-card',
                    'disabled:cursor-not-allowed',
                    loadingId !== null && !loading && 'opacity-50',
                  )}
                >
                  <span className="relative block aspect-[4/3] overflow-hidden rounded-xl border border-border bg-muted">
                    <img
                      src={sample.thumbnail}
                      alt=""
                      loading="lazy"
                      decoding="async"
                      className="size-full object-cover transition-transform duration-300 group-enabled:group-hover:scale-105"
                    />
                    {loading ? (
                      <span className="absolute inset-0 flex items-center justify-center bg-background/60 backdrop-blur-[1px]">
                        <Spinner className="size-6 text-primary" />
                      </span>
                    ) : null}
                  </span>
                  <span className="mt-2 block text-center text-sm font-medium">{sample.name}</span>
                </button>
              </li>
            );
          })}
    </ul>
  );
}
