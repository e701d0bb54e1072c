import { appTexts, paths } from '@cutout/contracts';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';

/** Spec §2 Dynamic content page, not found: 'Page Not Found' with a 'Go Home' link. */
export function NotFoundScreen({ message = appTexts.notFound.message }: { message?: string }) {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-24">
      <div className="flex max-w-md flex-col items-center text-center">
        <p className="text-sm font-semibold text-primary">404</p>
        <h1 className="mt-3 text-3xl font-semibold tracking-tight sm:text-4xl">
          {appTexts.notFound.title}
        </h1>
        <p className="mt-3 text-muted-foreground">{message}</p>
        <Button asChild className="mt-8">
          <Link to={paths.home}>{appTexts.notFound.action}</Link>
        </Button>
      </div>
    </div>
  );
}
