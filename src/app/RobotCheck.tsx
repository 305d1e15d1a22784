/**
 * The robot-check widget of the site configuration (ARCHITECTURE.md "Robot check"): the
 * self-hosted ALTCHA proof of work by default. Its solution is what forms send as
 * `recaptchaToken`. Each solution is accepted once, so when the owning machine forgets the token
 * (`verified` turns false after an attempt) the widget is reset for a new check.
 */
import { useEffect, useRef, useState } from 'react';
import type { RobotCheck as RobotCheckConfig } from '../api/contract.ts';
import { messages } from '../messages.ts';
import { loadAltcha } from './loadAltcha.ts';
// The JSX type of <altcha-widget> and the global `$altcha`.
import type {} from 'altcha/types/react';

export interface RobotCheckProps {
  config: RobotCheckConfig;
  verified: boolean;
  onVerified: (token: string) => void;
  onExpired: () => void;
}

interface AltchaElement extends HTMLElement {
  reset?: () => void;
}

interface AltchaStateChange {
  state: string;
  payload?: string;
}

export function RobotCheck({ config, verified, onVerified, onExpired }: RobotCheckProps) {
  const [loaded, setLoaded] = useState(false);
  const widget = useRef<AltchaElement>(null);
  const callbacks = useRef({ onVerified, onExpired });
  useEffect(() => {
    callbacks.current = { onVerified, onExpired };
  });

  useEffect(() => {
    let active = true;
    if (config.provider === 'altcha') {
      void loadAltcha().then(() => {
        if (active) setLoaded(true);
      });
    }
    return () => {
      active = false;
    };
  }, [config.provider]);

  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<AltchaStateChange>).detail;
      if (state === 'verified' && payload) callbacks.current.onVerified(payload);
      else if (state === 'expired') callbacks.current.onExpired();
    };
    element.addEventListener('statechange', onStateChange);
    return () => element.removeEventListener('statechange', onStateChange);
  }, [loaded]);

  // A spent solution: give the visitor a fresh check.
  const wasVerified = useRef(verified);
  useEffect(() => {
    if (wasVerified.current && !verified) widget.current?.reset?.();
    wasVerified.current = verified;
  }, [verified]);

  if (config.provider !== 'altcha') {
    // reCAPTCHA is configured only with Google keys; see the report of the accounts issue.
    return null;
  }
  if (!loaded) {
    return (
      <p className="robot-check" role="status">
        {messages.robotCheck.loading}
      </p>
    );
  }
  return (
    <div className="robot-check" aria-label={messages.robotCheck.label} role="group">
      <altcha-widget
        ref={widget}
        challenge={config.challengeUrl}
        language="hr"
        name="recaptchaToken"
      />
    </div>
  );
}
