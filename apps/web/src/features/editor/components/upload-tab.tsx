import { useId, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { cn } from '../../../lib/cn';
import { useFileDrop } from '../../../lib/use-file-drop';
import { workspaceTexts } from '../texts';
import { DropzoneBody, dropzoneClass } from './editor-frame';

/** Drag and drop or click (spec §2): a real file input, so the keyboard and screen readers work. */
export function Dropzone({ onFile }: { onFile: (file: File) => void }) {
  const { dragging, dropHandlers } = useFileDrop(([file]) => {
    if (file) onFile(file);
  });
  const inputId = useId();

  return (
    <label
      htmlFor={inputId}
      {...dropHandlers}
      className={cn(
        dropzoneClass,
        'cursor-pointer transition-colors hover:border-primary/50 hover:bg-primary/[0.03]',
        'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2 has-[:focus-visible]:ring-offset-card',
        dragging && 'border-primary bg-primary/5',
      )}
    >
      <input
        id={inputId}
        type="file"
        accept="image/*"
        aria-label={workspaceTexts.fileInputLabel}
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so choosing the same file again after removing it still counts as a change.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <DropzoneBody />
    </label>
  );
}

/** An image by its address (spec §2 'Image URL'): imported by the server. */
export function UrlForm({
  url,
  onUrlChange,
  onSubmit,
}: {
  url: string;
  onUrlChange: (url: string) => void;
  onSubmit: (url: string) => void;
}) {
  const inputId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(url);
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className={cn(dropzoneClass, 'items-stretch border-solid text-left')}
    >
      <div className="mx-auto w-full max-w-lg">
        <Label htmlFor={inputId}>{workspaceTexts.imageUrlLabel}</Label>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row">
          <Input
            id={inputId}
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder={workspaceTexts.urlPlaceholder}
            value={url}
            onChange={(event) => onUrlChange(event.target.value)}
          />
          <Button type="submit" className="h-10">
            {workspaceTexts.useUrl}
          </Button>
        </div>
        <p className="mt-2 text-xs text-muted-foreground">{workspaceTexts.urlHint}</p>
      </div>
    </form>
  );
}
