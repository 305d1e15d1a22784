/**
 * Google reCAPTCHA v2, the robot check when the server has reCAPTCHA keys (ARCHITECTURE.md
 * "Robot check"). Loaded on demand by RobotCheck: neither this module nor Google's script is
 * fetched where ALTCHA is the provider. The widget's response is the form's `recaptchaToken`.
 */
import { useRef } from 'react';
import ReCAPTCHA from 'react-google-recaptcha';
import {
  RobotCheckGroup,
  useResetWhenSpent,
  type RobotCheckWidgetProps,
} from './robotCheckWidget.tsx';

/**
 * English whatever the browser's language: SPEC's messages ask the visitor to press
 * 'I'm not a robot', the label of Google's English widget (its Croatian one says "Nisam robot").
 */
const LANGUAGE = 'en';

export default function RecaptchaCheck({
  siteKey,
  verified,
  onVerified,
  onExpired,
}: RobotCheckWidgetProps & { siteKey: string }) {
  const widget = useRef<ReCAPTCHA>(null);
  useResetWhenSpent(verified, () => widget.current?.reset());
  return (
    <RobotCheckGroup>
      <ReCAPTCHA
        ref={widget}
        sitekey={siteKey}
        hl={LANGUAGE}
        onChange={(token) => (token ? onVerified(token) : onExpired())}
        onExpired={onExpired}
        // A widget that failed (no connection) holds no usable response either.
        onErrored={onExpired}
      />
    </RobotCheckGroup>
  );
}
