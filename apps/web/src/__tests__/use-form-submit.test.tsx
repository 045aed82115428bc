import { type StockChange, stockChangeSchema } from '@smart-zone/types/item';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ApiError } from '../lib/api-client';
import { type FieldErrors, useFormSubmit } from '../lib/use-form-submit';

interface Saved {
  quantity: number;
}

/** What the test decides the server answers: one promise per send, settled by the test. */
function server() {
  const sent: StockChange[] = [];
  const answers: { resolve: (value: Saved) => void; reject: (error: unknown) => void }[] = [];
  const send = (change: StockChange) => {
    sent.push(change);
    return new Promise<Saved>((resolve, reject) => answers.push({ resolve, reject }));
  };
  const last = () => {
    const answer = answers.at(-1);
    if (!answer) throw new Error('nothing was sent');
    return answer;
  };
  return {
    sent,
    send,
    answer: (value: Saved) => last().resolve(value),
    refuse: (error: unknown) => last().reject(error),
  };
}

/** A small stock form (the contract's stockChangeSchema) on the hook, as the app's forms use it. */
function renderForm({
  check,
  errorsOf,
}: { check?: (input: StockChange) => FieldErrors | undefined; errorsOf?: (error: ApiError) => FieldErrors } = {}) {
  const api = server();
  const saved: [Saved, StockChange][] = [];
  function StockForm() {
    const [delta, setDelta] = useState('');
    const form = useFormSubmit({
      schema: stockChangeSchema,
      check,
      send: api.send,
      errorsOf,
      onSuccess: (result, input) => {
        saved.push([result, input]);
        setDelta('');
      },
    });
    return (
      <form
        aria-label="Stock"
        aria-busy={form.busy}
        noValidate
        onSubmit={(event) => form.onSubmit(event, { delta: delta.trim() === '' ? undefined : Number(delta) })}
      >
        <label htmlFor="delta">Amount</label>
        <input id="delta" value={delta} onChange={(event) => setDelta(event.target.value)} />
        <output data-testid="delta-error">{form.errors.delta ?? ''}</output>
        <output data-testid="note-error">{form.errors.note ?? ''}</output>
        <output data-testid="refusal">{form.refusal ?? ''}</output>
        <button type="submit" disabled={form.busy}>
          {form.busy ? 'Saving...' : 'Save'}
        </button>
      </form>
    );
  }
  render(<StockForm />);
  const amount = screen.getByLabelText('Amount');
  return { api, saved, amount, text: (id: string) => screen.getByTestId(id).textContent };
}

describe('useFormSubmit', () => {
  test('what the schema refuses is shown beside its field and not sent', async () => {
    const form = renderForm();
    await userEvent.type(form.amount, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(form.text('delta-error')).toBe('Delta cannot be 0');
    expect(form.api.sent).toEqual([]);
  });

  test('what the form’s own check refuses is shown too, and not sent', async () => {
    const form = renderForm({ check: ({ delta }) => (delta < 0 ? { note: 'Say why' } : undefined) });
    await userEvent.type(form.amount, '-2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(form.text('note-error')).toBe('Say why');
    expect(form.api.sent).toEqual([]);
  });

  test('while it is sent the form is busy and a second submit is not sent; once saved, onSuccess has the answer and the input', async () => {
    const form = renderForm();
    await userEvent.type(form.amount, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.clear(form.amount);
    await userEvent.type(form.amount, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The earlier error goes as the values are sent.
    expect(form.text('delta-error')).toBe('');
    expect(screen.getByRole('form', { name: 'Stock' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    // Enter again before the answer (the button is disabled, the form is not): still one send.
    fireEvent.submit(screen.getByRole('form', { name: 'Stock' }));
    expect(form.api.sent).toEqual([{ delta: 5 }]);

    form.api.answer({ quantity: 12 });
    expect(await screen.findByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.getByRole('form', { name: 'Stock' })).toHaveAttribute('aria-busy', 'false');
    expect(form.saved).toEqual([[{ quantity: 12 }, { delta: 5 }]]);
    expect(form.amount).toHaveValue('');
  });

  test('the API’s field errors land beside their fields; the form can be sent again', async () => {
    const form = renderForm();
    await userEvent.type(form.amount, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    form.api.refuse(
      new ApiError(400, 'validation_failed', 'Invalid input', { delta: 'Too many at once', note: 'Say why' }),
    );
    expect(await screen.findByText('Too many at once')).toBeInTheDocument();
    expect(form.text('note-error')).toBe('Say why');
    expect(form.text('refusal')).toBe('');
    expect(form.saved).toEqual([]);
    // The values stay for another try.
    expect(form.amount).toHaveValue('5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(form.api.sent).toHaveLength(2);
  });

  test('a refusal that names no field is kept as the refusal, and goes at the next send', async () => {
    const form = renderForm();
    await userEvent.type(form.amount, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    form.api.refuse(new ApiError(403, 'forbidden', 'Only a manager may do that'));
    expect(await screen.findByText('Only a manager may do that')).toBeInTheDocument();
    expect(form.text('delta-error')).toBe('');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(form.text('refusal')).toBe('');
  });

  test('errorsOf puts a refusal’s message beside the field it is about', async () => {
    const form = renderForm({
      errorsOf: (error) => (error.code === 'out_of_stock' ? { delta: error.message } : error.fields),
    });
    await userEvent.type(form.amount, '-50');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    form.api.refuse(new ApiError(409, 'out_of_stock', 'Only 3 in stock'));
    expect(await screen.findByText('Only 3 in stock')).toBeInTheDocument();
    expect(form.text('delta-error')).toBe('Only 3 in stock');
    expect(form.text('refusal')).toBe('');
  });

  test('a failure that is no answer of the API (the query client toasts it) leaves the form as it was, ready again', async () => {
    const form = renderForm();
    await userEvent.type(form.amount, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    form.api.refuse(new TypeError('Failed to fetch'));
    expect(await screen.findByRole('button', { name: 'Save' })).toBeEnabled();
    expect(form.text('delta-error')).toBe('');
    expect(form.text('refusal')).toBe('');
    expect(form.saved).toEqual([]);
  });
});
