import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field';
import { Input } from './input';

/**
 * A labelled password input bound to a react-hook-form field: `current-password` lets the
 * browser fill a saved one, `new-password` offers to make one (a new password and its
 * confirmation). `register` is called while the field renders, as EmailField does, so
 * react-hook-form keeps the fields in page order and focuses the first invalid one.
 */
export function PasswordField({
  label,
  error,
  hint,
  labelAside,
  autoComplete,
  register,
}: {
  label: ReactNode;
  error: string | undefined;
  hint?: ReactNode;
  labelAside?: ReactNode;
  autoComplete: 'current-password' | 'new-password';
  register: () => UseFormRegisterReturn;
}) {
  return (
    <FormField label={label} error={error} hint={hint} labelAside={labelAside}>
      {(control) => (
        <Input {...control} type="password" autoComplete={autoComplete} {...register()} />
      )}
    </FormField>
  );
}
