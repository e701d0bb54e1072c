import { Upload } from 'lucide-react';
import { useId } from 'react';
import { limits } from '@cutout/contracts';
import { cn } from '../../../lib/cn';
import { useFileDrop } from '../../../lib/use-file-drop';
import { batchUiTexts } from '../texts';

/** Where images are dropped or chosen (several at once); hands the files to `onFiles`. */
export function BatchDropzone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const { dragging, dropHandlers } = useFileDrop(onFiles);
  const inputId = useId();
  return (
    <label
      htmlFor={inputId}
      {...dropHandlers}
      data-testid="batch-dropzone"
      className={cn(
        'mt-5 flex h-36 w-full cursor-pointer flex-col items-center justify-center rounded-2xl border-2 border-dashed border-border bg-subtle px-6 text-center transition-colors',
        'hover:border-primary/50 hover:bg-primary/[0.03]',
        'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2',
        dragging && 'border-primary bg-primary/5',
      )}
    >
      <input
        id={inputId}
        type="file"
        accept="image/*"
        multiple
        aria-label={batchUiTexts.inputLabel}
        className="sr-only"
        onChange={(event) => {
          const chosen = Array.from(event.target.files ?? []);
          event.target.value = '';
          onFiles(chosen);
        }}
      />
      <span className="flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Upload aria-hidden="true" className="size-5" />
      </span>
      <span className="mt-3 block text-sm font-medium">{batchUiTexts.dropTitle}</span>
      <span className="mt-1 block text-xs text-muted-foreground">
        {batchUiTexts.dropHint(limits.batchMaxImages)}
      </span>
    </label>
  );
}
