import { backgroundFits, exportFormats, type ExportFormat, type Job } from '@cutout/contracts';
import { Download, ImagePlus, Layers } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { loadToast } from '../../../lib/toast';
import { exportComposition } from '../api/compose';
import { backgroundTexts as texts } from '../background-texts';
import {
  shadowFilter,
  subjectBoxOf,
  type Backdrop,
  type BackdropKind,
  type Box,
} from '../lib/backdrop';
import { saveBlob } from '../../../lib/save-blob';
import { fileProblem } from '../lib/validation';
import { BlurredBackdrop } from './blurred-backdrop';
import { checkerboardClass } from './image-frame';

// After a result (issue 25): the cut-out on transparency, a colour, the photo's own background
// blurred, or an uploaded image (cover or contain), with an optional drop shadow. The preview is
// live CSS (the blurred background a canvas drawn the engine's way, blurred-backdrop.tsx); the
// download is made at full size on the server by the engine, like the public API's answers,
// and costs nothing more.

const kinds: BackdropKind[] = ['transparent', 'color', 'blur', 'image'];

/** The subject's box in the refined result, read from a small copy in a canvas (for the shadow). */
function useSubjectBox(url: string | undefined): Box | null {
  const [box, setBox] = useState<Box | null>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    const image = new Image();
    image.onload = () => {
      const scale = Math.min(1, 256 / Math.max(image.naturalWidth, image.naturalHeight));
      const w = Math.max(1, Math.round(image.naturalWidth * scale));
      const h = Math.max(1, Math.round(image.naturalHeight * scale));
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context || !live) return;
      context.drawImage(image, 0, 0, w, h);
      setBox(subjectBoxOf(context.getImageData(0, 0, w, h).data, w, h));
    };
    image.src = url;
    return () => {
      live = false;
    };
  }, [url]);
  return box;
}

/** The chosen background image and its object URL, released when replaced or unmounted. */
function useChosenImage(): [{ file: File; url: string } | null, (file: File) => void] {
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const current = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current);
    },
    [],
  );
  const choose = (file: File) => {
    if (current.current) URL.revokeObjectURL(current.current);
    const url = URL.createObjectURL(file);
    current.current = url;
    setChosen({ file, url });
  };
  return [chosen, choose];
}

function Preview({
  job,
  backdrop,
  imageUrl,
  shadow,
  box,
}: {
  job: Job;
  backdrop: Backdrop;
  imageUrl: string | null;
  shadow: boolean;
  box: Box | null;
}) {
  const width = job.width ?? 4;
  const height = job.height ?? 3;
  const aspect = width / height;
  const showsTransparency =
    backdrop.kind === 'transparent' ||
    (backdrop.kind === 'image' && (backdrop.fit === 'contain' || !imageUrl));
  return (
    <div
      role="img"
      aria-label={texts.previewLabel}
      data-testid="background-preview"
      className={cn(
        'relative mx-auto w-full overflow-hidden rounded-xl border border-border',
        showsTransparency ? checkerboardClass : 'bg-muted',
      )}
      // At most 28rem high: the width follows from the image's shape. The preview is a size
      // container, so its shadow and blur scale with it (cqw).
      style={{
        aspectRatio: `${width} / ${height}`,
        maxWidth: `calc(28rem * ${aspect})`,
        containerType: 'inline-size',
      }}
    >
      {backdrop.kind === 'color' ? (
        <div className="absolute inset-0" style={{ backgroundColor: backdrop.color }} />
      ) : null}
      {backdrop.kind === 'blur' && job.original ? (
        <BlurredBackdrop
          originalUrl={job.original}
          cutoutUrl={job.result?.refined}
          aspect={aspect}
        />
      ) : null}
      {backdrop.kind === 'image' && imageUrl ? (
        <img
          src={imageUrl}
          alt=""
          className={cn(
            'absolute inset-0 size-full object-center',
            backdrop.fit === 'cover' ? 'object-cover' : 'object-contain',
          )}
        />
      ) : null}
      {job.result ? (
        <img
          src={job.result.refined}
          alt=""
          className="absolute inset-0 size-full object-fill"
          style={{
            filter: shadow
              ? shadowFilter(box ?? { left: 0, top: 0, width: 1, height: 1 }, aspect)
              : undefined,
          }}
        />
      ) : null}
    </div>
  );
}

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** A row of radio choices drawn as a segmented control (real radios for keyboards and readers). */
function Segmented<T extends string>({
  name,
  value,
  options,
  onChange,
}: {
  name: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-1.5 sm:flex sm:flex-wrap">
      {options.map((option) => (
        <label
          key={option.value}
          className={cn(
            'relative flex min-h-9 cursor-pointer items-center justify-center rounded-lg border px-3 py-1.5 text-center text-sm transition-colors',
            'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2',
            option.value === value
              ? 'border-primary bg-primary/10 font-medium text-foreground'
              : 'border-border bg-background text-muted-foreground hover:bg-muted',
          )}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
            // Over the whole label, invisible: a click anywhere on it is a click on the radio.
            className="absolute inset-0 m-0 size-full cursor-pointer appearance-none opacity-0"
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}

export function BackgroundPanel({ job }: { job: Job }) {
  const [kind, setKind] = useState<BackdropKind>('transparent');
  const [color, setColor] = useState<string>(texts.presets[0].value);
  const [chosen, choose] = useChosenImage();
  const file = chosen?.file ?? null;
  const imageUrl = chosen?.url ?? null;
  const [fit, setFit] = useState<(typeof backgroundFits)[number]>('cover');
  const [shadow, setShadow] = useState(false);
  const [format, setFormat] = useState<ExportFormat>('png');
  const [busy, setBusy] = useState(false);
  const box = useSubjectBox(shadow ? job.result?.refined : undefined);
  const ids = { name: useId(), shadow: useId(), format: useId(), colour: useId() };

  const backdrop: Backdrop =
    kind === 'color'
      ? { kind, color }
      : kind === 'image'
        ? { kind, file, fit }
        : kind === 'blur'
          ? { kind }
          : { kind: 'transparent' };

  const chooseFile = async (picked: File | undefined) => {
    if (!picked) return;
    const problem = fileProblem(picked);
    if (problem) {
      const toast = await loadToast();
      toast.error(problem);
      return;
    }
    choose(picked);
  };

  const download = async () => {
    const toast = await loadToast();
    if (backdrop.kind === 'image' && !backdrop.file) {
      toast.error(texts.chooseImageFirst);
      return;
    }
    setBusy(true);
    try {
      const base = job.originalName.replace(/\.[^./\\]*$/, '') || 'image';
      const exported = await exportComposition(
        job.id,
        { backdrop, shadow, format },
        `${base}_background.${format}`,
      );
      saveBlob(exported.blob, exported.fileName);
      toast.success(texts.exported);
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : texts.exportFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby={`${ids.name}-heading`}
      className="rounded-xl border border-border bg-background p-4 sm:p-5"
      data-testid="background-panel"
    >
      <h3 id={`${ids.name}-heading`} className="flex items-center gap-2 text-base font-semibold">
        <Layers aria-hidden="true" className="size-4 text-primary" />
        {texts.heading}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">{texts.intro}</p>
      <div className="mt-4 grid gap-5 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Preview job={job} backdrop={backdrop} imageUrl={imageUrl} shadow={shadow} box={box} />
        <div className="flex min-w-0 flex-col gap-5">
          <Fieldset legend={texts.kindLegend}>
            <Segmented
              name={`${ids.name}-kind`}
              value={kind}
              options={kinds.map((value) => ({ value, label: texts.kinds[value] }))}
              onChange={setKind}
            />
          </Fieldset>

          {kind === 'color' ? (
            <div className="flex flex-wrap items-center gap-2">
              <div role="group" aria-label={texts.presetsLabel} className="flex flex-wrap gap-2">
                {texts.presets.map((preset) => (
                  <button
                    key={preset.value}
                    type="button"
                    aria-label={texts.preset(preset.name)}
                    aria-pressed={color === preset.value}
                    onClick={() => setColor(preset.value)}
                    className={cn(
                      'size-8 rounded-full border border-border shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
                      color === preset.value && 'ring-2 ring-primary ring-offset-2',
                    )}
                    style={{ backgroundColor: preset.value }}
                  />
                ))}
              </div>
              <Label htmlFor={ids.colour} className="flex items-center gap-2 text-sm font-normal">
                <input
                  id={ids.colour}
                  type="color"
                  value={color}
                  onChange={(event) => setColor(event.target.value)}
                  className="h-8 w-10 cursor-pointer rounded border border-border bg-background p-0.5"
                />
                {texts.customColour}
              </Label>
            </div>
          ) : null}

          {kind === 'image' ? (
            <div className="flex flex-col gap-3">
              <div>
                {/* A real file input inside a button-like label: keyboard and readers work. */}
                <label
                  className={cn(
                    buttonVariants({ variant: 'outline' }),
                    'cursor-pointer has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2',
                  )}
                >
                  <ImagePlus aria-hidden="true" />
                  {file ? texts.replaceImage : texts.imageInput}
                  <input
                    type="file"
                    accept="image/*"
                    aria-label={texts.imageInput}
                    className="sr-only"
                    onChange={(event) => {
                      const picked = event.target.files?.[0];
                      event.target.value = '';
                      void chooseFile(picked);
                    }}
                  />
                </label>
                <p className="mt-1.5 truncate text-xs text-muted-foreground">
                  {file ? texts.imageChosen(file.name) : texts.imageNone}
                </p>
              </div>
              <Fieldset legend={texts.fitLegend}>
                <Segmented
                  name={`${ids.name}-fit`}
                  value={fit}
                  options={backgroundFits.map((value) => ({ value, label: texts.fits[value] }))}
                  onChange={setFit}
                />
              </Fieldset>
            </div>
          ) : null}

          <label htmlFor={ids.shadow} className="flex items-center gap-2 text-sm">
            <input
              id={ids.shadow}
              type="checkbox"
              checked={shadow}
              onChange={(event) => setShadow(event.target.checked)}
              className="size-4 accent-primary"
            />
            {texts.shadow}
          </label>

          <div className="mt-auto flex flex-col gap-2">
            <div className="flex items-end gap-2">
              <div className="w-28 shrink-0">
                <Label htmlFor={ids.format}>{texts.formatLabel}</Label>
                <Select
                  id={ids.format}
                  className="mt-1.5"
                  value={format}
                  onChange={(event) => setFormat(event.target.value as ExportFormat)}
                >
                  {exportFormats.map((value) => (
                    <option key={value} value={value}>
                      {texts.formatNames[value]}
                    </option>
                  ))}
                </Select>
              </div>
              <Button
                className="h-10 min-w-0 flex-1"
                disabled={busy}
                aria-busy={busy}
                onClick={() => void download()}
              >
                {busy ? <Spinner /> : <Download aria-hidden="true" />}
                {texts.download(format)}
              </Button>
            </div>
            <p className="text-xs text-muted-foreground">{texts.exportNote}</p>
          </div>
        </div>
      </div>
    </section>
  );
}
