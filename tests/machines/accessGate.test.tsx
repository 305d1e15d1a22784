import { useMachine } from '@xstate/react';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  accessGateMachine,
  hasGateConsent,
  selectDeclarationRequired,
  selectDeclared,
  selectSiteUnlocked,
  type AccessGateInput,
} from '../../src/machines/accessGate.machine.ts';
import { messages } from '../../src/messages.ts';
import { AccessGate } from '../../src/views/AccessGate.tsx';
import { testMachineModel } from '../support/model-based.ts';

const BRAND = 'Dental Sjever';
const SITE_HEADING = 'Vaš pouzdan partner sa sjeverozapada.';

/** What the app container does: the gate until accepted, then the site. */
function GateHarness({
  input,
  persistConsent,
}: {
  input: AccessGateInput;
  persistConsent: () => void;
}) {
  const [snapshot, send] = useMachine(accessGateMachine.provide({ actions: { persistConsent } }), {
    input,
  });
  if (selectSiteUnlocked(snapshot)) return <h1>{SITE_HEADING}</h1>;
  return (
    <AccessGate
      brand={BRAND}
      privacyEmail="privatnost@example.hr"
      declared={selectDeclared(snapshot)}
      declarationRequired={selectDeclarationRequired(snapshot)}
      onToggleDeclaration={() => send({ type: 'TOGGLE_DECLARATION' })}
      onAccept={() => send({ type: 'ACCEPT' })}
    />
  );
}

const user = userEvent.setup();
const gate = () => screen.queryByRole('dialog', { name: `${messages.gate.title} ${BRAND}` });
const declarationSwitch = () =>
  screen.getByRole('switch', { name: messages.gate.declarationSwitch });
const acceptButton = () => screen.getByRole('button', { name: messages.gate.accept });
const renderGate = (accepted = false) => {
  const persistConsent = vi.fn();
  render(<GateHarness input={{ accepted }} persistConsent={persistConsent} />);
  return persistConsent;
};

function expectGateWithSwitch(checked: boolean) {
  expect(gate()).toBeVisible();
  expect(declarationSwitch()).toHaveAttribute('aria-checked', String(checked));
  expect(screen.queryByRole('heading', { name: SITE_HEADING })).not.toBeInTheDocument();
}

describe('access gate model', () => {
  testMachineModel(accessGateMachine, {
    inputs: [{ accepted: false }, { accepted: true }],
    paths: 'simple',
    render: ({ accepted }) => renderGate(accepted),
    states: {
      'open.declarationOff': () => {
        expectGateWithSwitch(false);
        expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      },
      'open.declarationRequired': () => {
        expectGateWithSwitch(false);
        expect(screen.getByRole('alert')).toHaveTextContent(messages.gate.declarationRequired);
      },
      'open.declarationOn': () => {
        expectGateWithSwitch(true);
        expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      },
      accepted: () => {
        expect(gate()).not.toBeInTheDocument();
        expect(screen.getByRole('heading', { name: SITE_HEADING })).toBeVisible();
      },
    },
    events: {
      TOGGLE_DECLARATION: () => user.click(declarationSwitch()),
      ACCEPT: () => user.click(acceptButton()),
    },
  });
});

describe('access gate journeys pinned by hand', () => {
  it('switch toggled twice, then accept: the alert, no cookies', async () => {
    const persistConsent = renderGate();
    await user.click(declarationSwitch());
    await user.click(declarationSwitch());
    await user.click(acceptButton());
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Molimo, odaberite 'Izjavljujem gore navedeno.'",
    );
    expect(gate()).toBeVisible();
    expect(persistConsent).not.toHaveBeenCalled();
  });

  it('switch on, accept: both cookies with their lifetimes, and the site', async () => {
    const persistConsent = renderGate();
    await user.click(declarationSwitch());
    await user.click(acceptButton());
    expect(persistConsent).toHaveBeenCalledOnce();
    expect(persistConsent.mock.calls[0]?.[1]).toEqual([
      { name: 'prihvaceni_kolacici', value: '1', attributes: { expires: 36525, path: '/' } },
      {
        name: 'pristup_dozvoljen',
        value: 'true',
        attributes: { expires: 365, path: '/', sameSite: 'Strict' },
      },
    ]);
    expect(screen.getByRole('heading', { name: SITE_HEADING })).toBeVisible();
  });

  it('a keyboard user completes it, focus never leaves it and Escape does not dismiss it', async () => {
    renderGate();
    expect(gate()).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(gate()).toBeVisible();
    await user.tab({ shift: true });
    expect(acceptButton()).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('switch')).toHaveFocus();
    await user.keyboard(' ');
    expect(declarationSwitch()).toHaveAttribute('aria-checked', 'true');
    await user.tab();
    expect(screen.getByRole('link', { name: 'Pravilima o korištenju kolačića' })).toHaveFocus();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(acceptButton()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(gate()).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: SITE_HEADING })).toBeVisible();
  });

  it('a visitor who accepted before sees the site without the gate', () => {
    renderGate(true);
    expect(gate()).not.toBeInTheDocument();
  });

  it('links the cookie and privacy policies and the privacy contact', () => {
    renderGate();
    expect(screen.getByRole('link', { name: 'Pravilima o korištenju kolačića' })).toHaveAttribute(
      'href',
      '/pravila-o-koristenju-kolacica',
    );
    expect(screen.getByRole('link', { name: 'Pravilima privatnosti' })).toHaveAttribute(
      'href',
      '/pravila-privatnosti',
    );
    expect(screen.getByRole('link', { name: 'privatnost@example.hr' })).toHaveAttribute(
      'href',
      'mailto:privatnost@example.hr',
    );
  });
});

describe('hasGateConsent', () => {
  const cookies = (jar: Record<string, string>) => (name: string) => jar[name];
  it('opens the site only when both cookies hold their accepted values', () => {
    expect(hasGateConsent(cookies({ prihvaceni_kolacici: '1', pristup_dozvoljen: 'true' }))).toBe(
      true,
    );
    expect(hasGateConsent(cookies({ prihvaceni_kolacici: '1' }))).toBe(false);
    expect(hasGateConsent(cookies({ prihvaceni_kolacici: '0', pristup_dozvoljen: 'true' }))).toBe(
      false,
    );
    expect(hasGateConsent(cookies({}))).toBe(false);
  });
});

describe('AccessGate view from a resolved snapshot', () => {
  it('shows the alert of the declarationRequired state and sends what the visitor does', async () => {
    const snapshot = accessGateMachine.resolveState({
      value: { open: 'declarationRequired' },
      context: { accepted: false },
    });
    const send = vi.fn();
    render(
      <AccessGate
        brand={BRAND}
        privacyEmail="privatnost@example.hr"
        declared={selectDeclared(snapshot)}
        declarationRequired={selectDeclarationRequired(snapshot)}
        onToggleDeclaration={() => send({ type: 'TOGGLE_DECLARATION' })}
        onAccept={() => send({ type: 'ACCEPT' })}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(messages.gate.declarationRequired);
    await user.click(screen.getByText(messages.gate.declarationSwitch));
    await user.click(acceptButton());
    expect(send.mock.calls).toEqual([[{ type: 'TOGGLE_DECLARATION' }], [{ type: 'ACCEPT' }]]);
  });
});
