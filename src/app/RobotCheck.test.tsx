/**
 * The robot check of each provider, without the network: Google's widget is replaced by a fake
 * of react-google-recaptcha, and ALTCHA's loader by a resolved promise (the browser tests solve the
 * real ALTCHA).
 */
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { robotCheckMessages } from '../messages/robotCheck.ts';
import { RobotCheck, type RobotCheckProps } from './RobotCheck.tsx';

const google = vi.hoisted(() => ({
  moduleLoads: 0,
  reset: vi.fn(),
  props: null as null | {
    sitekey: string;
    hl?: string;
    onChange?: (token: string | null) => void;
    onExpired?: () => void;
    onErrored?: () => void;
  },
}));

vi.mock('react-google-recaptcha', async () => {
  google.moduleLoads += 1;
  const { forwardRef, useImperativeHandle } = await import('react');
  const FakeRecaptcha = forwardRef<{ reset: () => void }, NonNullable<typeof google.props>>(
    function FakeRecaptcha(props, ref) {
      useImperativeHandle(ref, () => ({ reset: google.reset }));
      google.props = props;
      return <div title="reCAPTCHA" />;
    },
  );
  return { default: FakeRecaptcha };
});

vi.mock('./loadAltcha.ts', () => ({ loadAltcha: () => Promise.resolve() }));

const RECAPTCHA = { provider: 'recaptcha', siteKey: 'javni-kljuc' } as const;
const ALTCHA = { provider: 'altcha', challengeUrl: '/api/v1/captcha/challenge' } as const;

function renderCheck(config: RobotCheckProps['config']) {
  const onVerified = vi.fn();
  const onExpired = vi.fn();
  const props = (verified: boolean): RobotCheckProps => ({
    config,
    verified,
    onVerified,
    onExpired,
  });
  const view = render(<RobotCheck {...props(false)} />);
  return {
    onVerified,
    onExpired,
    setVerified: (verified: boolean) => view.rerender(<RobotCheck {...props(verified)} />),
  };
}

const group = () => screen.findByRole('group', { name: robotCheckMessages.label });

// ALTCHA first: a module is imported once per file, so Google's must not have been loaded yet.
describe('RobotCheck with ALTCHA', () => {
  const altchaWidget = async () => {
    const element = (await group()).querySelector('altcha-widget');
    if (!element) throw new Error('no <altcha-widget>');
    return element as HTMLElement & { reset?: () => void };
  };
  const stateChange = (detail: { state: string; payload?: string }) =>
    new CustomEvent('statechange', { detail });

  it('never fetches Google’s widget', async () => {
    renderCheck(ALTCHA);
    expect(await altchaWidget()).toHaveAttribute('challenge', '/api/v1/captcha/challenge');
  });

  it('passes the solution on, forgets an expired one and resets once it is spent', async () => {
    const { onVerified, onExpired, setVerified } = renderCheck(ALTCHA);
    const element = await altchaWidget();
    element.reset = vi.fn();
    act(() => {
      element.dispatchEvent(stateChange({ state: 'verifying' }));
      element.dispatchEvent(stateChange({ state: 'verified', payload: 'rjesenje' }));
    });
    expect(onVerified).toHaveBeenCalledWith('rjesenje');
    act(() => {
      element.dispatchEvent(stateChange({ state: 'expired' }));
    });
    expect(onExpired).toHaveBeenCalledTimes(1);
    setVerified(true);
    setVerified(false);
    expect(element.reset).toHaveBeenCalledTimes(1);
  });
});

describe('RobotCheck with reCAPTCHA', () => {
  it('loads Google’s widget on demand, in English (its checkbox says SPEC’s ‘I’m not a robot’), with the site key', async () => {
    renderCheck(RECAPTCHA);
    expect(screen.getByRole('status')).toHaveTextContent(robotCheckMessages.loading);
    expect(await group()).toContainElement(screen.getByTitle('reCAPTCHA'));
    expect(google.moduleLoads).toBe(1);
    expect(google.props).toMatchObject({ sitekey: 'javni-kljuc', hl: 'en' });
  });

  it('passes a response on as the token and an expired or failed widget as no token', async () => {
    const { onVerified, onExpired } = renderCheck(RECAPTCHA);
    await group();
    act(() => google.props?.onChange?.('odgovor-googlea'));
    expect(onVerified).toHaveBeenCalledWith('odgovor-googlea');
    act(() => google.props?.onExpired?.());
    act(() => google.props?.onChange?.(null));
    act(() => google.props?.onErrored?.());
    expect(onExpired).toHaveBeenCalledTimes(3);
    expect(onVerified).toHaveBeenCalledTimes(1);
  });

  it('resets the widget once its response has been spent, and only then', async () => {
    google.reset.mockClear();
    const { setVerified } = renderCheck(RECAPTCHA);
    await group();
    setVerified(false);
    expect(google.reset).not.toHaveBeenCalled();
    setVerified(true);
    expect(google.reset).not.toHaveBeenCalled();
    setVerified(false);
    expect(google.reset).toHaveBeenCalledTimes(1);
  });
});
