import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { Switch } from '../../src/views/Switch.tsx';

const LABEL = 'Prikaži kartu regija';

// The button switch, and the native one that works before hydration (nativeName).
describe.each([
  ['Switch', undefined],
  ['Switch as a native checkbox', 'karta'],
])('%s', (_, nativeName) => {
  function renderSwitch(checked: boolean) {
    const onToggle = vi.fn();
    render(<Switch checked={checked} onToggle={onToggle} label={LABEL} nativeName={nativeName} />);
    return onToggle;
  }

  it('is a switch named by its visible label that reports its state', () => {
    renderSwitch(true);
    expect(screen.getByRole('switch', { name: LABEL })).toBeChecked();
  });

  it('reports off when not checked', () => {
    renderSwitch(false);
    expect(screen.getByRole('switch', { name: LABEL })).not.toBeChecked();
  });

  it('toggles on a click on itself or on its label', async () => {
    const user = userEvent.setup();
    const onToggle = renderSwitch(false);
    await user.click(screen.getByRole('switch'));
    await user.click(screen.getByText(LABEL));
    expect(onToggle).toHaveBeenCalledTimes(2);
  });

  it('is reached with Tab and toggles on Space and on Enter', async () => {
    const user = userEvent.setup();
    const onToggle = renderSwitch(false);
    await user.tab();
    expect(screen.getByRole('switch')).toHaveFocus();
    await user.keyboard(' ');
    expect(onToggle).toHaveBeenCalledTimes(1);
    await user.keyboard('{Enter}');
    expect(onToggle).toHaveBeenCalledTimes(2);
  });
});

describe('Switch as a native checkbox, on a server-rendered page', () => {
  // As the app renders it: StrictMode runs a mount's effects twice.
  const ui = (onToggle: () => void) => (
    <StrictMode>
      <Switch checked={false} onToggle={onToggle} label={LABEL} nativeName="izjava" />
    </StrictMode>
  );

  it('is a form field of its name', () => {
    render(ui(vi.fn()));
    expect(screen.getByRole('switch')).toHaveAttribute('name', 'izjava');
  });

  it('hands a toggle made before hydration to the app once it runs', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(ui(vi.fn()));
    document.body.append(container);
    // The visitor taps it before the app has loaded: the browser toggles the box by itself.
    container.querySelector('input')?.click();

    const onToggle = vi.fn();
    const mismatches: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(container, ui(onToggle), {
        onRecoverableError: (error) => mismatches.push(error),
      }),
    );
    expect(mismatches).toEqual([]);
    expect(onToggle).toHaveBeenCalledOnce();
    act(() => root.unmount());
    container.remove();
  });

  it('hands nothing over when nobody tapped it', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(ui(vi.fn()));
    document.body.append(container);
    const onToggle = vi.fn();
    const root = await act(async () => hydrateRoot(container, ui(onToggle)));
    expect(onToggle).not.toHaveBeenCalled();
    act(() => root.unmount());
    container.remove();
  });
});
