import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { authUiTexts } from '../texts';

/**
 * The e-mail field of the sign-in, sign-up and forgot-password forms. `register` is called while
 * the field renders, like the forms' other fields, so react-hook-form keeps the fields in page
 * order and focuses the first invalid one.
 */
export function EmailField({
  register,
  error,
}: {
  register: () => UseFormRegisterReturn<'email'>;
  error: string | undefined;
}) {
  return (
    <FormField label={authUiTexts.fields.email} error={error}>
      {(control) => (
        <Input
          {...control}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={authUiTexts.placeholders.email}
          {...register()}
        />
      )}
    </FormField>
  );
}
