import { legalTexts, paths, type PageText } from '@cutout/contracts';
import { Link } from 'react-router';
import { useEntryToast } from '../../../lib/use-entry-toast';
import type { LegalBlock, LegalDocument } from '../content';
import { toIsoDate, useToday } from '../use-today';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') return <p>{block}</p>;
  if ('list' in block) {
    return (
      <ul className="list-disc space-y-2 pl-5 marker:text-muted-foreground">
        {block.list.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  }
  if ('link' in block) {
    const { before, label, to, after } = block.link;
    return (
      <p>
        {before}
        <Link to={to} className={linkClass}>
          {label}
        </Link>
        {after}
      </p>
    );
  }
  const { caption, head, rows } = block.table;
  const [, ...cellHeads] = head;
  return (
    <>
      {/* A phone has no room for three columns: each row becomes a card there. Only one of the
          two is displayed (the other is display: none, so hidden from screen readers too). */}
      <ul aria-label={caption} className="space-y-3 sm:hidden">
        {rows.map(([name, ...cells]) => (
          <li key={name} className="rounded-xl border border-border p-4 text-sm">
            <p className="font-mono text-[13px] font-medium break-all text-foreground">{name}</p>
            <dl className="mt-2 space-y-2">
              {cells.map((cell, i) => (
                <div key={cellHeads[i] ?? i}>
                  <dt className="text-xs font-medium text-muted-foreground">{cellHeads[i]}</dt>
                  <dd className="text-foreground/80">{cell}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div className="relative hidden overflow-x-auto rounded-xl border border-border sm:block">
        <table className="w-full min-w-[34rem] text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-muted/60 text-xs text-muted-foreground">
            <tr>
              {head.map((cell) => (
                <th key={cell} scope="col" className="px-4 py-2.5 font-medium">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {rows.map(([name, ...cells]) => (
              <tr key={name} className="align-top">
                <th
                  scope="row"
                  className="px-4 py-3 font-mono text-[13px] font-medium text-foreground"
                >
                  {name}
                </th>
                {cells.map((cell) => (
                  <td key={cell} className="px-4 py-3">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** 'Last updated' with today's date (privacy, terms) or a fixed one (cookies). */
function LastUpdated({ fixed }: { fixed?: { label: string; date: Date } }) {
  const today = useToday();
  const shown = fixed ? { label: fixed.label, iso: toIsoDate(fixed.date) } : today;
  return (
    <p className="mt-4 text-sm text-muted-foreground">
      {legalTexts.lastUpdated}:{' '}
      {shown ? (
        <time dateTime={shown.iso} className="font-medium text-foreground">
          {shown.label}
        </time>
      ) : null}
    </p>
  );
}

/**
 * A legal page (spec §2 Legal pages): heading, 'Last updated', a brief toast on opening, the
 * sections with a table of contents, and a way to reach us through /contact.
 */
export function LegalPage({
  page,
  document,
  toastTitle,
  lastUpdated,
}: {
  page: PageText;
  document: LegalDocument;
  toastTitle: string;
  lastUpdated?: { label: string; date: Date };
}) {
  useEntryToast({
    id: `legal-${toastTitle}`,
    title: toastTitle,
    description: legalTexts.toastDescription,
    durationMs: legalTexts.toastMs,
  });

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
      <div className="max-w-3xl">
        <h1 className="text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
          {page.title}
        </h1>
        <LastUpdated fixed={lastUpdated} />
        <p className="mt-6 text-lg leading-8 text-muted-foreground">{document.intro}</p>
      </div>
      {/* minmax(0, …): a plain `auto` or `1fr` track grows to its content's minimum width, and a
          wide table or long word would push the page wider than a phone. */}
      <div className="mt-12 grid grid-cols-[minmax(0,1fr)] gap-12 lg:grid-cols-[14rem_minmax(0,1fr)]">
        <nav aria-label={legalTexts.contentsLabel} className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {legalTexts.contentsLabel}
          </h2>
          <ol className="mt-3 space-y-2 border-l border-border text-sm">
            {document.sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="-ml-px block border-l border-transparent pl-3 text-muted-foreground transition-colors hover:border-foreground hover:text-foreground"
                >
                  {section.heading}
                </a>
              </li>
            ))}
            <li>
              <a
                href="#contact"
                className="-ml-px block border-l border-transparent pl-3 text-muted-foreground transition-colors hover:border-foreground hover:text-foreground"
              >
                {legalTexts.contactHeading}
              </a>
            </li>
          </ol>
        </nav>
        <div className="max-w-3xl space-y-10 leading-7 text-muted-foreground">
          {document.sections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
              <h2
                id={`${section.id}-heading`}
                className="text-xl font-semibold tracking-tight text-foreground"
              >
                {section.heading}
              </h2>
              <div className="mt-3 space-y-4">
                {section.blocks.map((block, i) => (
                  <Block key={i} block={block} />
                ))}
              </div>
            </section>
          ))}
          <section
            id="contact"
            aria-labelledby="contact-heading"
            className="rounded-2xl border border-border bg-subtle p-6"
          >
            <h2
              id="contact-heading"
              className="text-xl font-semibold tracking-tight text-foreground"
            >
              {legalTexts.contactHeading}
            </h2>
            <p className="mt-3">
              {legalTexts.contactBefore}{' '}
              <Link to={paths.contact} className={linkClass}>
                {legalTexts.contactLink}
              </Link>{' '}
              {legalTexts.contactAfter}
            </p>
          </section>
        </div>
      </div>
    </div>
  );
}
