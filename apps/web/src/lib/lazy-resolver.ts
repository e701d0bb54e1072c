import type { FieldValues, Resolver } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';
import { lazyModule } from './lazy-module';

const resolvers = lazyModule(() => import('@hookform/resolvers/zod'));

/**
 * A react-hook-form resolver whose schema (and zod's runtime, ~9 KB gzip) load when the form is
 * first validated — on submit, or earlier on `preload()`, which a form calls when a person
 * focuses it — not with the page (docs/decisions/0200). The public forms (sign-in, sign-up,
 * forgot password, contact) would otherwise carry zod on their first load.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(
  schema: () => Promise<$ZodType<Output, Input>>,
): { resolver: Resolver<Input, unknown, Output>; preload: () => void } {
  const schemaModule = lazyModule(schema);
  const load = () => Promise.all([resolvers.load(), schemaModule.load()]);
  return {
    resolver: async (values, context, options) => {
      const [{ zodResolver }, loaded] = await load();
      return zodResolver(loaded)(values, context, options);
    },
    preload: () => {
      void load().catch(() => undefined); // a failed chunk is requested again on submit
    },
  };
}
