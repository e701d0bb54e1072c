import { paths } from '@cutout/contracts';
import { redirect } from 'react-router';
import type { Route } from './+types/sign-up-alias';

// Some of the spec's links point to /sign-up; the page lives at /signup. Keeps any query string.
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { search } = new URL(request.url);
  return redirect(`${paths.signUp}${search}`);
}

export default function SignUpAliasRoute() {
  return null;
}
