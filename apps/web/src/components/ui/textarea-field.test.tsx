import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Textarea } from './textarea';
import { TextareaField } from './textarea-field';

function Reason() {
  const [reason, setReason] = useState('');
  return (
    <>
      <TextareaField
        label="Reason"
        hint="Optional"
        rows={3}
        value={reason}
        onValueChange={setReason}
      />
      <p data-testid="kept">{reason}</p>
    </>
  );
}

describe('Textarea', () => {
  it('is at least 8rem high without rows, and as high as its rows with them', () => {
    render(
      <>
        <Textarea aria-label="free" />
        <Textarea aria-label="three rows" rows={3} />
      </>,
    );
    expect(screen.getByLabelText('free')).toHaveClass('min-h-32');
    const short = screen.getByLabelText('three rows');
    expect(short).not.toHaveClass('min-h-32');
    expect(short).toHaveAttribute('rows', '3');
  });
});

describe('TextareaField', () => {
  it('labels its box, describes it by the hint and hands each change to the caller', async () => {
    render(<Reason />);
    const box = screen.getByRole('textbox', { name: 'Reason' });
    expect(box).toHaveAccessibleDescription('Optional');
    await userEvent.setup().type(box, 'Wrong pack');
    expect(screen.getByTestId('kept')).toHaveTextContent('Wrong pack');
    expect(box).toHaveValue('Wrong pack');
  });
});
