// A text field's limit is said, never enforced by a cut: from 80 % of it the field counts
// what is typed, past it the field keeps every character, says the limit and is invalid,
// so its form does not submit.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useId, useState } from 'react';
import { LimitedTextField, limitDescribedBy, TextLimitNote, useTextLimit } from './TextLimit';

function NameForm({ onSubmit, multiline = false }: { onSubmit: (name: string) => void; multiline?: boolean }) {
  const [name, setName] = useState('');
  return (
    <form
      aria-label="Window"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(name);
      }}
    >
      <LimitedTextField
        label="Name (optional)"
        limitLabel="Window name"
        max={10}
        multiline={multiline}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <button type="submit">Save</button>
    </form>
  );
}

/** The hook on a control of its own, as the in-place name editors use it. */
function BareField() {
  const [text, setText] = useState('');
  const id = useId();
  const limit = useTextLimit(text, 5, 'Code');
  return (
    <>
      <label htmlFor={id}>Code</label>
      <input
        id={id}
        ref={limit.ref}
        value={text}
        aria-describedby={limitDescribedBy(id, limit)}
        onChange={(e) => setText(e.target.value)}
      />
      <TextLimitNote id={id} limit={limit} />
    </>
  );
}

describe('a text field with a limit', () => {
  it('when under 80 % of its limit, then it shows no counter', async () => {
    const user = userEvent.setup();
    render(<NameForm onSubmit={jest.fn()} />);
    const field = screen.getByLabelText('Name (optional)');
    await user.type(field, 'Spring ');
    expect(field).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByText(/characters/)).not.toBeInTheDocument();
  });

  it('when at 80 % of its limit, then it counts the characters, trimmed as the server counts them', async () => {
    const user = userEvent.setup();
    render(<NameForm onSubmit={jest.fn()} />);
    const field = screen.getByLabelText('Name (optional)');
    await user.type(field, '  Spring we  ');
    expect(field).toHaveAccessibleDescription('9 of 10 characters');
    expect(field).toBeValid();
  });

  it('when more is pasted than the limit, then every character is kept, the limit is said at the field and the form is not sent', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(<NameForm onSubmit={onSubmit} />);
    const field = screen.getByLabelText('Name (optional)');
    await user.click(field);
    await user.paste('Spring weekend');
    expect(field).toHaveValue('Spring weekend');
    expect(field).toBeInvalid();
    expect(screen.getByRole('alert')).toHaveTextContent('Window name: at most 10 characters');
    expect(field).toHaveAccessibleDescription('14 of 10 characters Window name: at most 10 characters');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, 'Spring');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith('Spring');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when the field is a textarea, then it is limited the same way', async () => {
    const user = userEvent.setup();
    render(<NameForm onSubmit={jest.fn()} multiline />);
    const notes = screen.getByRole('textbox', { name: 'Name (optional)' });
    expect(notes.tagName).toBe('TEXTAREA');
    await user.type(notes, 'eleven char');
    expect(notes).toBeInvalid();
  });

  it('when the hook is used on a control of its own, then the note under it counts and refuses alike', async () => {
    const user = userEvent.setup();
    render(<BareField />);
    const code = screen.getByLabelText('Code');
    await user.type(code, 'ABCD');
    expect(code).toHaveAccessibleDescription('4 of 5 characters');
    await user.type(code, 'EF');
    expect(code).toBeInvalid();
    expect(code).toHaveAccessibleDescription('6 of 5 characters Code: at most 5 characters');
  });
});
