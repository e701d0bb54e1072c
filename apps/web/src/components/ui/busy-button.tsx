import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button';
import { Spinner } from './spinner';

/**
 * A button whose action runs for a while: disabled while `busy`, with a spinner in front of
 * `busyLabel` (or of its own label when there is none). `icon` stands where the spinner goes
 * while it is idle.
 */
export function BusyButton({
  busy,
  busyLabel,
  icon,
  disabled,
  children,
  ...props
}: ButtonProps & { busy: boolean; busyLabel?: ReactNode; icon?: ReactNode }) {
  return (
    <Button disabled={busy || disabled} {...props}>
      {busy ? <Spinner /> : icon}
      {busy && busyLabel !== undefined ? busyLabel : children}
    </Button>
  );
}
