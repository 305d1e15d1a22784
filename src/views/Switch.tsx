/**
 * An on/off switch: a button with role="switch", named by the visible label beside it. A button
 * rather than a checkbox so that Space and Enter both toggle it and aria-checked carries its state.
 * The button is at least 44 px square and a click on the label toggles it too.
 */
import { useId, type ReactNode } from 'react';
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
}

export function Switch({
  checked,
  onToggle,
  label,
  className,
  disabled = false,
  busy = false,
  labelHidden = false,
}: SwitchProps) {
  const id = useId();
  const controlId = `${id}-control`;
  const labelId = `${id}-label`;
  return (
    <div className={className ? `switch ${className}` : 'switch'}>
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
