import type { ComponentProps, ReactNode } from 'react';
import { FormField } from './form-field';
import { Textarea } from './textarea';

/**
 * A labelled textarea whose text lives in the caller's state (a reason, a note, a description):
 * FormField and Textarea joined, so each form names only what differs.
 */
export function TextareaField({
  label,
  hint,
  value,
  onValueChange,
  ...textarea
}: {
  label: ReactNode;
  hint?: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
} & Omit<ComponentProps<'textarea'>, 'id' | 'value' | 'onChange'>) {
  return (
    <FormField label={label} hint={hint}>
      {(control) => (
        <Textarea
          {...textarea}
          {...control}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
        />
      )}
    </FormField>
  );
}
