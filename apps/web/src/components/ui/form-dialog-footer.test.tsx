import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Dialog, DialogContent, DialogTitle } from './dialog';
import { FormDialogFooter } from './form-dialog-footer';

function Harness(
  props: Partial<Parameters<typeof FormDialogFooter>[0]> & { onSubmit?: () => void },
) {
  const { onSubmit, ...footer } = props;
  const onOpenChange = vi.fn();
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent aria-describedby={undefined}>
        <DialogTitle>Title</DialogTitle>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit?.();
          }}
        >
          <FormDialogFooter busy={false} cancelLabel="Cancel" submitLabel="Save" {...footer} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

describe('FormDialogFooter', () => {
  it("submits the dialog's form; Cancel does not", async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('runs onConfirm instead of submitting when it is given', async () => {
    const onSubmit = vi.fn();
    const onConfirm = vi.fn();
    render(<Harness onSubmit={onSubmit} onConfirm={onConfirm} variant="destructive" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveClass('bg-red-600');
  });

  it('while busy: both disabled, the working label after a spinner, the icon hidden', () => {
    render(
      <Harness busy busyLabel="Saving…" icon={<svg data-testid="icon" aria-hidden="true" />} />,
    );
    const action = screen.getByRole('button', { name: 'Saving…' });
    expect(action).toBeDisabled();
    expect(action.querySelector('.animate-spin')).not.toBeNull();
    expect(screen.queryByTestId('icon')).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it('while busy without a working label: the spinner before the same label', () => {
    render(<Harness busy />);
    const action = screen.getByRole('button', { name: 'Save' });
    expect(action).toBeDisabled();
    expect(action.querySelector('.animate-spin')).not.toBeNull();
  });

  it('when idle: the icon, no spinner, both enabled', () => {
    render(<Harness icon={<svg data-testid="icon" aria-hidden="true" />} />);
    const action = screen.getByRole('button', { name: 'Save' });
    expect(action).toBeEnabled();
    expect(action.querySelector('.animate-spin')).toBeNull();
    expect(screen.getByTestId('icon')).toBeInTheDocument();
  });
});
