import { CodeBlock } from '../../../components/code-block';
import { Badge } from '../../../components/ui/badge';
import { useOrigin, withOrigin } from '../../../lib/use-origin';
import type { Endpoint, Field } from '../content';

function FieldTable({ caption, fields }: { caption: string; fields: readonly Field[] }) {
  return (
    <div className="mt-3 overflow-x-auto rounded-xl border border-border">
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/60 text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-medium">
              Field
            </th>
            <th scope="col" className="px-4 py-2.5 font-medium">
              Type
            </th>
            <th scope="col" className="px-4 py-2.5 font-medium">
              Description
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {fields.map((field) => (
            <tr key={field.name} className="align-top">
              <th scope="row" className="px-4 py-3 font-mono text-[13px] font-medium">
                {field.name}
              </th>
              <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">{field.type}</td>
              <td className="px-4 py-3 text-muted-foreground">{field.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
          <FieldTable caption={`Request fields of ${endpoint.path}`} fields={endpoint.request} />
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
      <FieldTable caption={`Response fields of ${endpoint.path}`} fields={endpoint.response} />
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
