import { CodeBlock } from '../../../components/code-block';
import { Badge } from '../../../components/ui/badge';
import { useOrigin, withOrigin } from '../../../lib/use-origin';
import type { Endpoint } from '../content';

/** A field reference: a table's columns on wide screens, stacked name, type and text on a phone. */
export function FieldList({
  label,
  items,
}: {
  label: string;
  items: readonly { name: string; type: string; description: string }[];
}) {
  return (
    <dl
      aria-label={label}
      className="mt-3 divide-y divide-border overflow-hidden rounded-xl border border-border text-sm"
    >
      {items.map((item) => (
        <div
          key={item.name}
          className="grid gap-x-4 gap-y-1 px-4 py-3 sm:grid-cols-[11rem_10rem_1fr]"
        >
          <dt className="font-mono text-[13px] font-medium break-all">{item.name}</dt>
          <dd className="text-xs text-muted-foreground sm:text-sm">{item.type}</dd>
          <dd className="text-muted-foreground">{item.description}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One endpoint of the public API: method, path, request, example, response. */
export function EndpointSection({ endpoint }: { endpoint: Endpoint }) {
  const origin = useOrigin();
  const headingId = `endpoint-${endpoint.id}`;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-border bg-card p-6">
      <h3 id={headingId} className="flex flex-wrap items-center gap-3">
        <Badge variant={endpoint.method === 'POST' ? 'primary' : 'soft'} className="font-mono">
          {endpoint.method}
        </Badge>
        <code className="font-mono text-base font-semibold break-all">{endpoint.path}</code>
      </h3>
      <p className="mt-3 leading-7 text-muted-foreground">{endpoint.summary}</p>

      {endpoint.request.length > 0 ? (
        <>
          <h4 className="mt-6 font-semibold">Request</h4>
          {endpoint.requestNote ? (
            <p className="mt-1 text-sm text-muted-foreground">{endpoint.requestNote}</p>
          ) : null}
          <FieldList label={`Request fields of ${endpoint.path}`} items={endpoint.request} />
        </>
      ) : null}

      <h4 className="mt-6 font-semibold">Example</h4>
      <CodeBlock
        className="mt-3"
        code={withOrigin(endpoint.example, origin)}
        label={`${endpoint.method} ${endpoint.path} example`}
      />

      <h4 className="mt-6 font-semibold">Response</h4>
      <p className="mt-1 text-sm text-muted-foreground">{endpoint.responseIntro}</p>
      <FieldList label={`Response fields of ${endpoint.path}`} items={endpoint.response} />
      <CodeBlock
        className="mt-4"
        code={withOrigin(endpoint.responseExample, origin)}
        label={`${endpoint.path} response example`}
      />
      {endpoint.notes?.length ? (
        <ul className="mt-4 list-disc space-y-2 pl-5 text-sm leading-6 text-muted-foreground">
          {endpoint.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
