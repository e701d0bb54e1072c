import { featuresTexts } from '@cutout/contracts';
import { pipelineSteps, segmentationFacts, segmentationIntro } from '../features-content';
import { SectionHeading } from './section-heading';

/** A subject drawn three ways: the photo, the model's mask, the cut-out. Drawn, not downloaded. */
function PipelineIllustration() {
  const subject =
    'M50 18c9 0 15 7 15 16 0 6-3 11-7 14 11 4 19 14 21 27l2 15H19l2-15c2-13 10-23 21-27-4-3-7-8-7-14 0-9 6-16 15-16z';
  const panels = [
    { label: 'Photo', x: 0 },
    { label: 'Mask', x: 110 },
    { label: 'Cutout', x: 220 },
  ];
  return (
    <figure aria-hidden="true" className="rounded-2xl border border-border bg-card p-4 shadow-sm">
      <svg viewBox="0 0 320 122" className="h-auto w-full">
        <defs>
          <linearGradient id="seg-photo" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#fcd34d" />
            <stop offset="0.5" stopColor="#fda4af" />
            <stop offset="1" stopColor="#7dd3fc" />
          </linearGradient>
          <pattern id="seg-checker" width="10" height="10" patternUnits="userSpaceOnUse">
            <rect width="10" height="10" className="fill-white dark:fill-slate-800" />
            <rect width="5" height="5" className="fill-slate-200 dark:fill-slate-700" />
            <rect x="5" y="5" width="5" height="5" className="fill-slate-200 dark:fill-slate-700" />
          </pattern>
        </defs>
        {panels.map((panel, i) => (
          <g key={panel.label} transform={`translate(${panel.x} 0)`}>
            <rect
              width="100"
              height="100"
              rx="10"
              fill={i === 0 ? 'url(#seg-photo)' : i === 1 ? '#0f172a' : 'url(#seg-checker)'}
              className="stroke-border"
              strokeWidth="1"
            />
            <path d={subject} className={i === 1 ? 'fill-white' : 'fill-indigo-500'} />
            <text
              x="50"
              y="118"
              textAnchor="middle"
              className="fill-muted-foreground text-[11px] font-medium"
            >
              {panel.label}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}

/** Features: "AI segmentation" — how an image becomes three results (spec §2 Features). */
export function SegmentationSection() {
  return (
    <section aria-labelledby="segmentation-heading" className="border-t border-border bg-subtle">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-20 sm:px-6 lg:grid-cols-[2fr_3fr]">
        <div className="lg:sticky lg:top-24 lg:self-start">
          <SectionHeading
            id="segmentation-heading"
            title={featuresTexts.segmentationHeading}
            align="start"
          >
            {segmentationIntro}
          </SectionHeading>
          <div className="mt-8 max-w-md">
            <PipelineIllustration />
          </div>
          <dl className="mt-8 grid max-w-md grid-cols-2 gap-4">
            {segmentationFacts.map((fact) => (
              <div key={fact.label} className="rounded-xl border border-border bg-card px-4 py-3">
                <dt className="text-xs font-medium text-muted-foreground">{fact.label}</dt>
                <dd className="mt-1 font-semibold">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <ol className="space-y-5">
          {pipelineSteps.map((step, i) => (
            <li key={step.id} className="flex gap-4 rounded-2xl border border-border bg-card p-6">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                {i + 1}
              </span>
              <div>
                <h3 className="text-lg font-semibold tracking-tight">{step.title}</h3>
                <p className="mt-2 leading-7 text-muted-foreground">{step.body}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
