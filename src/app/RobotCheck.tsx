/**
 * The robot-check widget of the site configuration (ARCHITECTURE.md "Robot check"): the
 * self-hosted ALTCHA proof of work by default, Google reCAPTCHA v2 when the server has its keys.
 * Its solution is what forms send as `recaptchaToken`. Each solution is accepted once, so when the
 * owning machine forgets the token (`verified` turns false after an attempt) the widget is reset.
 */
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { RobotCheck as RobotCheckConfig } from '../api/contract.ts';
import { loadAltcha } from './loadAltcha.ts';
import { retryableLazy } from './retryableLazy.tsx';
import {
  RobotCheckGroup,
  RobotCheckLoading,
  useResetWhenSpent,
  type RobotCheckWidgetProps,
} from './robotCheckWidget.tsx';
// The JSX type of <altcha-widget> and the global `$altcha`.
import type {} from 'altcha/types/react';

// Only a site configured for reCAPTCHA fetches Google's widget (and, through it, Google's script).
const RecaptchaCheck = retryableLazy(
  () => import('./RecaptchaCheck.tsx'),
  (module) => module.default,
);

export interface RobotCheckProps extends RobotCheckWidgetProps {
  config: RobotCheckConfig;
}

export function RobotCheck({ config, ...widget }: RobotCheckProps) {
  if (config.provider === 'recaptcha') {
    return (
      <Suspense fallback={<RobotCheckLoading />}>
        <RecaptchaCheck siteKey={config.siteKey} {...widget} />
      </Suspense>
    );
  }
  return <AltchaCheck challengeUrl={config.challengeUrl} {...widget} />;
}

interface AltchaElement extends HTMLElement {
  reset?: () => void;
}

interface AltchaStateChange {
  state: string;
  payload?: string;
}

function AltchaCheck({
  challengeUrl,
  verified,
  onVerified,
  onExpired,
}: RobotCheckWidgetProps & { challengeUrl: string }) {
  const [loaded, setLoaded] = useState(false);
  const widget = useRef<AltchaElement>(null);
  const callbacks = useRef({ onVerified, onExpired });
  useEffect(() => {
    callbacks.current = { onVerified, onExpired };
  });

  useEffect(() => {
    let active = true;
    void loadAltcha().then(() => {
      if (active) setLoaded(true);
    });
    return () => {
      active = false;
    };
  }, []);

  // A ref callback, not an effect: the listener is on the element from the moment it is in the
  // page, before any passive effect has run.
  const attachWidget = useCallback((element: AltchaElement | null) => {
    widget.current = element;
    if (!element) return;
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<AltchaStateChange>).detail;
      if (state === 'verified' && payload) callbacks.current.onVerified(payload);
      else if (state === 'expired') callbacks.current.onExpired();
    };
    element.addEventListener('statechange', onStateChange);
    return () => {
      element.removeEventListener('statechange', onStateChange);
      widget.current = null;
    };
  }, []);

  useResetWhenSpent(verified, () => widget.current?.reset?.());

  if (!loaded) return <RobotCheckLoading />;
  return (
    <RobotCheckGroup>
      <altcha-widget
        ref={attachWidget}
        challenge={challengeUrl}
        language="hr"
        name="recaptchaToken"
      />
    </RobotCheckGroup>
  );
}
