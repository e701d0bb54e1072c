import { publicApiPaths } from '@cutout/contracts';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { apiDocsTexts } from '../texts';

function FieldTable({ caption, rows }: { caption: string; rows: readonly (readonly string[])[] }) {
  const t = apiDocsTexts.endpoints;
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="pb-2 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {caption}
        </caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">{t.field}</th>
            <th scope="col">{t.description}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map(([field, description]) => (
            <tr key={field}>
              <th
                scope="row"
                className="py-2 pr-4 align-top font-mono text-[13px] font-medium whitespace-nowrap"
              >
                {field}
              </th>
              <td className="py-2 text-muted-foreground">{description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Endpoint({
  method,
  path,
  summary,
  children,
}: {
  method: string;
  path: string;
  summary: string;
  children: ReactNode;
}) {
  return (
    <Card className="min-w-0 border-border p-5 shadow-xs sm:p-6">
      <h3 className="flex flex-wrap items-center gap-2 font-mono text-sm font-semibold">
        <Badge variant="primary">{method}</Badge>
        {path}
      </h3>
      <p className="mt-2 text-sm text-muted-foreground">{summary}</p>
      <div className="mt-5 space-y-5">{children}</div>
    </Card>
  );
}

/** The two public endpoints and the error answers. */
export function ApiReference() {
  const { endpoints, errors, more, removeBg } = apiDocsTexts;
  return (
    <>
      <section aria-labelledby="endpoints-heading" className="mt-16">
        <h2 id="endpoints-heading" className="text-2xl font-semibold tracking-tight">
          {endpoints.title}
        </h2>
        <div className="mt-6 grid gap-5 lg:grid-cols-2 lg:items-start">
          <Endpoint
            method={endpoints.remove.method}
            path={publicApiPaths.removeBackground}
            summary={endpoints.remove.summary}
          >
            <FieldTable caption={endpoints.request} rows={endpoints.remove.request} />
            <FieldTable caption={endpoints.response} rows={endpoints.remove.response} />
          </Endpoint>
          <div className="min-w-0 space-y-5">
            <Endpoint
              method={endpoints.usage.method}
              path={publicApiPaths.usage}
              summary={endpoints.usage.summary}
            >
              <FieldTable caption={endpoints.response} rows={endpoints.usage.response} />
            </Endpoint>
            <Card className="border-border p-5 text-sm shadow-xs sm:p-6">
              <h3 className="font-semibold">{more.title}</h3>
              <ul className="mt-3 list-disc space-y-2 pl-5 text-muted-foreground">
                <li>{more.removeBg}</li>
                <li>{more.account}</li>
                <li>{more.jobs}</li>
              </ul>
              <a
                className="mt-4 inline-block font-medium text-primary underline-offset-4 hover:underline"
                href={publicApiPaths.reference}
              >
                {more.reference}
              </a>
            </Card>
          </div>
        </div>
      </section>

      <section aria-labelledby="remove-bg-heading" className="mt-16">
        <h2 id="remove-bg-heading" className="text-2xl font-semibold tracking-tight">
          {removeBg.title}
        </h2>
        <p className="mt-2 max-w-3xl text-muted-foreground">{removeBg.intro}</p>
        <ul className="mt-4 max-w-3xl list-disc space-y-2 pl-5 text-sm text-muted-foreground">
          {removeBg.differences.map((difference) => (
            <li key={difference}>{difference}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="errors-heading" className="mt-16">
        <h2 id="errors-heading" className="text-2xl font-semibold tracking-tight">
          {errors.title}
        </h2>
        <p className="mt-2 max-w-3xl text-muted-foreground">{errors.intro}</p>
        <div className="mt-6 grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
          <Card className="relative overflow-x-auto border-border shadow-xs">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-border bg-subtle text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="px-4 py-2.5 font-semibold">
                    {errors.status}
                  </th>
                  <th scope="col" className="hidden px-4 py-2.5 font-semibold sm:table-cell">
                    {errors.code}
                  </th>
                  <th scope="col" className="px-4 py-2.5 font-semibold">
                    {errors.meaning}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {errors.rows.map(([status, code, meaning]) => (
                  <tr key={status}>
                    <th scope="row" className="px-4 py-2.5 font-mono font-semibold">
                      {status}
                    </th>
                    <td className="hidden px-4 py-2.5 font-mono text-[13px] sm:table-cell">
                      {code}
                    </td>
                    <td className="px-4 py-2.5 text-muted-foreground">
                      {/* Phones: the code joins the meaning, so the text gets the width. */}
                      <span className="block font-mono text-[13px] text-foreground sm:hidden">
                        {code}
                      </span>
                      {meaning}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
          <pre className="rounded-xl border border-border bg-card p-4 text-[13px] leading-relaxed break-words whitespace-pre-wrap">
            <code>{errors.body}</code>
          </pre>
        </div>
      </section>
    </>
  );
}
