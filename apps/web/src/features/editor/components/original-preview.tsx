import { editorTexts, type Job } from '@cutout/contracts';
import { useState } from 'react';
import { loadToast } from '../../../lib/toast';
import type { Selection } from '../lib/editor-machine';
import { workspaceTexts } from '../texts';
import { EmptyFrame, Frame } from './image-frame';

/** The original: the local file or sample at once, else the server's copy once the job has it. */
export function OriginalPreview({
  selection,
  job,
}: {
  selection: Selection | null;
  job: Job | null;
}) {
  const [failed, setFailed] = useState<readonly string[]>([]);
  // The selection the preview has already said it cannot show (the component outlives one URL
  // import: its key is the local preview, which URL imports do not have).
  const [toldFor, setToldFor] = useState<Selection | null>(null);
  const sources = [selection?.previewUrl, job?.original].filter(
    (source): source is string => typeof source === 'string' && source !== '',
  );
  const src = sources.find((source) => !failed.includes(source)) ?? null;
  const onError = async (failedSrc: string) => {
    setFailed((list) => [...list, failedSrc]);
    // A local file the browser cannot show is still sent: the server either refuses it and says
    // why (that toast is the one the person needs, not a second one from here) or keeps a copy,
    // tried next. Only when nothing is left to show does the preview say so itself, once.
    if (toldFor !== null && toldFor === selection) return;
    if (selection?.kind === 'file' && job === null) return;
    if (sources.some((source) => source !== failedSrc && !failed.includes(source))) return;
    setToldFor(selection);
    const toast = await loadToast();
    toast.error(editorTexts.loadFailed);
  };
  return (
    <figure>
      <Frame>
        {src ? (
          <img
            src={src}
            alt={
              selection ? `${workspaceTexts.original}: ${selection.name}` : workspaceTexts.original
            }
            className="size-full object-contain"
            onError={() => void onError(src)}
          />
        ) : (
          <EmptyFrame label={selection?.kind === 'url' ? workspaceTexts.noPreview : undefined} />
        )}
      </Frame>
      <figcaption className="mt-2 text-sm font-medium">{workspaceTexts.original}</figcaption>
    </figure>
  );
}
