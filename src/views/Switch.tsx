/**
 * An on/off switch: a button with role="switch", named by the visible label beside it. A button
 * rather than a checkbox so that Space and Enter both toggle it and aria-checked carries its state.
 * The button is at least 44 px square and a click on the label toggles it too.
 *
 * On a server-rendered page a button does nothing until the app has hydrated it, so a switch that
 * must work from the first paint (a form field, or a control of a public page) is a native checkbox
 * with role="switch" instead, drawn the same: the browser toggles it at once, and a toggle made
 * before the app ran is handed to `onToggle` as soon as it runs (decision 0026).
 */
import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import './Switch.css';

export interface SwitchProps {
  checked: boolean;
  onToggle: () => void;
  label: ReactNode;
  /** Places the switch in its surroundings (margins); the switch draws itself. */
  className?: string;
  disabled?: boolean;
  /** A change is on its way: the switch keeps its value (and its focus) until it is confirmed. */
  busy?: boolean;
  /** The label names the switch for screen readers only (a table column says it to the eye). */
  labelHidden?: boolean;
  /** A native checkbox that works before hydration, and a form field of this name. */
  nativeName?: string;
}

export function Switch({
  checked,
  onToggle,
  label,
  className,
  disabled = false,
  busy = false,
  labelHidden = false,
  nativeName,
}: SwitchProps) {
  const id = useId();
  const controlId = `${id}-control`;
  const labelId = `${id}-label`;
  return (
    <div className={className ? `switch ${className}` : 'switch'}>
      {nativeName === undefined ? (
        <button
          id={controlId}
          type="button"
          role="switch"
          aria-checked={checked}
          aria-labelledby={labelId}
          aria-busy={busy || undefined}
          disabled={disabled}
          className="switch__control"
          onClick={onToggle}
        >
          <span className="switch__track" aria-hidden="true">
            <span className="switch__thumb" />
          </span>
        </button>
      ) : (
        <NativeSwitchControl
          id={controlId}
          labelId={labelId}
          name={nativeName}
          checked={checked}
          onToggle={onToggle}
          disabled={disabled}
          busy={busy}
        />
      )}
      <label
        id={labelId}
        htmlFor={controlId}
        className={labelHidden ? 'visually-hidden' : 'switch__label'}
      >
        {label}
      </label>
    </div>
  );
}

interface NativeSwitchControlProps {
  id: string;
  labelId: string;
  name: string;
  checked: boolean;
  onToggle: () => void;
  disabled: boolean;
  busy: boolean;
}

function NativeSwitchControl({
  id,
  labelId,
  name,
  checked,
  onToggle,
  disabled,
  busy,
}: NativeSwitchControlProps) {
  const input = useRef<HTMLInputElement>(null);
  // Once only, though StrictMode runs a mount's effects twice: the second would toggle it back.
  const caughtUp = useRef(false);
  // Hydration keeps what the visitor set on the box before the app ran; the app catches up here.
  const catchUpWithTapsBeforeHydration = useEffectEvent(() => {
    if (caughtUp.current) return;
    caughtUp.current = true;
    if (input.current && input.current.checked !== checked) onToggle();
  });
  useEffect(() => catchUpWithTapsBeforeHydration(), []);
  return (
    <span className="switch__control">
      <input
        ref={input}
        id={id}
        type="checkbox"
        role="switch"
        name={name}
        checked={checked}
        aria-labelledby={labelId}
        aria-busy={busy || undefined}
        disabled={disabled}
        className="switch__input"
        onChange={onToggle}
        // Enter toggles it too, as it does the button switch.
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          onToggle();
        }}
      />
      <span className="switch__track" aria-hidden="true">
        <span className="switch__thumb" />
      </span>
    </span>
  );
}
