import type { ReactNode } from 'react';
import { BusyButton } from './busy-button';
import { Button, type ButtonProps } from './button';
import { DialogClose, DialogFooter } from './dialog';

/**
 * The footer of a dialog that submits a form or confirms an action: Cancel, which closes the
 * dialog, and the action, which shows a spinner (and `busyLabel`) while it runs. Both are
 * disabled meanwhile. Without `onConfirm` the action submits the dialog's form.
 */
export function FormDialogFooter({
  busy,
  cancelLabel,
  submitLabel,
  busyLabel,
  icon,
  variant,
  disabled,
  onConfirm,
}: {
  busy: boolean;
  cancelLabel: ReactNode;
  submitLabel: ReactNode;
  busyLabel?: ReactNode;
  icon?: ReactNode;
  variant?: Extract<ButtonProps['variant'], 'primary' | 'destructive'>;
  /** The action cannot be taken yet (e.g. a confirmation still to type). */
  disabled?: boolean;
  onConfirm?: () => void;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline" disabled={busy}>
          {cancelLabel}
        </Button>
      </DialogClose>
      <BusyButton
        type={onConfirm ? 'button' : 'submit'}
        variant={variant}
        busy={busy}
        disabled={disabled}
        busyLabel={busyLabel}
        icon={icon}
        onClick={onConfirm}
      >
        {submitLabel}
      </BusyButton>
    </DialogFooter>
  );
}
