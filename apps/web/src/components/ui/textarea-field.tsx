import type { ComponentProps, ReactNode } from 'react';
import { FormField } from './form-field';
import { Textarea } from './textarea';

/**
 * A labelled textarea whose text lives in the caller's state (a reason, a note, a description):
 * FormField and Textarea joined, so each form names only what differs. `className` is the
 * field's (label and box), as for FormField; the box's height is `rows`.
 */
export function TextareaField({
  label,
  hint,
  className,
  value,
  onValueChange,
  ...textarea
}: {
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  value: string;
  onValueChange: (value: string) => void;
} & Omit<ComponentProps<'textarea'>, 'id' | 'value' | 'onChange' | 'className'>) {
  return (
    <FormField label={label} hint={hint} className={className}>
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
