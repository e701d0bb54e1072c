import { paths } from '@cutout/contracts';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { CodeBlock } from '../../../components/code-block';
import { useOrigin, withOrigin } from '../../../lib/use-origin';
import {
  apiErrors,
  apiIntro,
  authHeaders,
  authText,
  errorIntro,
  errorShape,
  pngExample,
  removeBackgroundEndpoint,
  usageEndpoint,
} from '../content';
import { EndpointSection, FieldList } from './endpoint-section';

export function ApiReferenceTab() {
  const origin = useOrigin();
  return (
    <div className="max-w-4xl">
      <h2 className="text-2xl font-semibold tracking-tight">API reference</h2>
      <p className="mt-3 text-lg leading-8 text-muted-foreground">{apiIntro}</p>
      <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
        <span className="text-muted-foreground">
          Base URL: <code className="font-mono text-foreground">{origin}</code>
        </span>
        <Link
          to={paths.api}
          className="mt-2 inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Code samples in REST, JavaScript and Python
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>

      <h3 className="mt-10 text-xl font-semibold tracking-tight">Authentication</h3>
      <p className="mt-2 leading-7 text-muted-foreground">{authText}</p>
      <CodeBlock className="mt-3" code={authHeaders} label="authentication headers" />

      <h3 className="mt-10 text-xl font-semibold tracking-tight">Endpoints</h3>
      <div className="mt-4 space-y-6">
        <EndpointSection endpoint={removeBackgroundEndpoint} />
        <div className="-mt-2 rounded-2xl border border-dashed border-border p-5">
          <p className="text-sm leading-6 text-muted-foreground">
            Leave out <code className="font-mono text-foreground">Accept: application/json</code>{' '}
            and the answer is the cut-out image itself:
          </p>
          <CodeBlock
            className="mt-3"
            code={withOrigin(pngExample, origin)}
            label="cut-out image example"
          />
        </div>
        <EndpointSection endpoint={usageEndpoint} />
      </div>

      <h3 className="mt-10 text-xl font-semibold tracking-tight">Errors</h3>
      <p className="mt-2 leading-7 text-muted-foreground">{errorIntro}</p>
      <CodeBlock className="mt-3" code={errorShape} label="error example" />
      <FieldList
        label="Error statuses and codes"
        items={apiErrors.map((e) => ({
          name: String(e.status),
          type: e.code,
          description: e.meaning,
        }))}
      />
    </div>
  );
}
