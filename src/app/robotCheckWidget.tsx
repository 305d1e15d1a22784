/**
 * What the two robot-check widgets (ALTCHA and reCAPTCHA) share: the props a form's machine binds,
 * the reset of a spent solution, and the frame a visitor sees around the widget.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { robotCheckMessages } from '../messages/robotCheck.ts';

export interface RobotCheckWidgetProps {
  /** Whether the owning machine holds an unspent solution of this widget. */
  verified: boolean;
  onVerified: (token: string) => void;
  onExpired: () => void;
}

/**
 * Each solution is accepted once, so when the owning machine forgets the token (`verified` turns
 * false after an attempt) the widget is reset and the visitor gets a fresh check.
 */
export function useResetWhenSpent(verified: boolean, reset: () => void): void {
  const wasVerified = useRef(verified);
  const latestReset = useRef(reset);
  useEffect(() => {
    latestReset.current = reset;
  });
  useEffect(() => {
    if (wasVerified.current && !verified) latestReset.current();
    wasVerified.current = verified;
  }, [verified]);
}

export function RobotCheckLoading() {
  return (
    <p className="robot-check" role="status">
      {robotCheckMessages.loading}
    </p>
  );
}

export function RobotCheckGroup({ children }: { children: ReactNode }) {
  return (
    <div className="robot-check" aria-label={robotCheckMessages.label} role="group">
      {children}
    </div>
  );
}
