import type { UseQueryResult } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';

/**
 * A card with a title and a Refresh button over one query (the Status and Tables tabs): a spinner
 * while it loads, the server's message when it fails, and `children(data)` once it answers.
 */
export function QueryCard<T>({
  title,
  refreshLabel,
  query,
  bodyClassName,
  children,
}: {
  title: string;
  refreshLabel: string;
  query: UseQueryResult<T>;
  bodyClassName?: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <Card className="p-6 shadow-xs">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold">{title}</h2>
        <Button
          size="sm"
          variant="outline"
          disabled={query.isFetching}
          onClick={() => void query.refetch()}
        >
          {query.isFetching ? <Spinner /> : <RotateCw aria-hidden="true" />}
          {refreshLabel}
        </Button>
      </div>
      <div className={cn('mt-5', bodyClassName)}>
        {query.isPending ? (
          <Spinner />
        ) : query.isError ? (
          <ErrorAlert>{query.error.message}</ErrorAlert>
        ) : (
          children(query.data)
        )}
      </div>
    </Card>
  );
}
