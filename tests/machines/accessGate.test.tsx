import { act, fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { AccessGateContainer } from '../../src/app/AccessGateContainer.tsx';
import { company } from '../../src/data/company.ts';
import {
  accessGateMachine,
  hasGateConsent,
  selectDeclarationRequired,
  selectDeclared,
} from '../../src/machines/accessGate.machine.ts';
import { messages } from '../../src/messages.ts';
import { AccessGate } from '../../src/views/AccessGate.tsx';
import { testMachineModel } from '../support/model-based.ts';
import { step, testRandomPaths } from '../support/random-paths.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';

const BRAND = 'Dental Sjever';
const SITE_HEADING = 'Vaš pouzdan partner sa sjeverozapada.';
const POLICY_HEADING = 'Pravila privatnosti';
const CONSENT = { prihvaceni_kolacici: '1', pristup_dozvoljen: 'true' };
/** Where the gate's form sends a visitor who posted it without the declaration (server/http/gate-form.ts). */
const REFUSED_PATH = '/?izjava=nedostaje';

let app: ReturnType<typeof renderWithEffects>;

/**
 * The container that ships, guarding a stand-in for the site, with a cookie jar of `cookies`;
 * resolves once the page shows (the gate's code loads on demand).
 */
async function renderGate(cookies: Record<string, string> = {}, exempt = false, path = '/') {
  app = renderWithEffects(
    <AccessGateContainer brand={BRAND} exempt={exempt ? <h1>{POLICY_HEADING}</h1> : null}>
      <h1>{SITE_HEADING}</h1>
    </AccessGateContainer>,
    { cookies, path },
  );
  await screen.findByRole('heading', { level: 1 });
  return app;
}

const user = userEvent.setup();
const gate = () => screen.queryByRole('dialog', { name: `${messages.gate.title} ${BRAND}` });
const declarationSwitch = () =>
  screen.getByRole('switch', { name: messages.gate.declarationSwitch });
const acceptButton = () => screen.getByRole('button', { name: messages.gate.accept });
const site = () => screen.queryByRole('heading', { name: SITE_HEADING });

function expectGateWithSwitch(checked: boolean) {
  expect(gate()).toBeVisible();
  if (checked) expect(declarationSwitch()).toBeChecked();
  else expect(declarationSwitch()).not.toBeChecked();
  expect(site()).not.toBeInTheDocument();
}

/** The two consent cookies as the container wrote them (SPEC 9 lifetimes, in days). */
const CONSENT_WRITTEN = [
  ['prihvaceni_kolacici', { value: '1', attributes: { expires: 36525, path: '/' } }],
  [
    'pristup_dozvoljen',
    { value: 'true', attributes: { expires: 365, path: '/', sameSite: 'Strict' } },
  ],
];

describe('access gate model', () => {
  testMachineModel(accessGateMachine, {
    inputs: [{ accepted: false }, { accepted: true }, { accepted: false, refusedByServer: true }],
    describeInput: ({ accepted, refusedByServer }) =>
      accepted ? 'accepted before' : refusedByServer ? 'refused by the server' : 'first visit',
    paths: 'simple',
    render: ({ accepted, refusedByServer }) =>
      renderGate(accepted ? CONSENT : {}, false, refusedByServer ? REFUSED_PATH : '/'),
    states: {
      'open.declarationOff': () => {
        expectGateWithSwitch(false);
        expect(screen.queryByRole('alert')).not.toBeInTheDocument();
        expect([...app.cookies]).toEqual([]);
      },
      'open.declarationRequired': ({ context }) => {
        expectGateWithSwitch(false);
        expect(screen.getByRole('alert')).toHaveTextContent(messages.gate.declarationRequired);
        expect([...app.cookies]).toEqual([]);
        // The server's refusal is shown once: the address no longer carries it.
        if (context.refusedByServer) expect(app.location()).toBe('/');
      },
      'open.declarationOn': () => {
        expectGateWithSwitch(true);
        expect(screen.queryByRole('alert')).not.toBeInTheDocument();
        expect([...app.cookies]).toEqual([]);
      },
      accepted: ({ context }) => {
        expect(gate()).not.toBeInTheDocument();
        expect(site()).toBeVisible();
        // A returning visitor's cookies are only read; a new consent writes both.
        if (!context.accepted) expect([...app.cookies]).toEqual(CONSENT_WRITTEN);
        else expect(app.cookies.get('prihvaceni_kolacici')?.attributes).toBeUndefined();
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
    await renderGate();
    await user.click(declarationSwitch());
    await user.click(declarationSwitch());
    await user.click(acceptButton());
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Molimo, odaberite 'Izjavljujem gore navedeno.'",
    );
    expect(gate()).toBeVisible();
    expect(app.cookies.size).toBe(0);
  });

  it('switch on, accept: both cookies with their lifetimes, and the site', async () => {
    await renderGate();
    await user.click(declarationSwitch());
    await user.click(acceptButton());
    expect([...app.cookies]).toEqual(CONSENT_WRITTEN);
    expect(site()).toBeVisible();
  });

  it('the alert goes as soon as the switch is turned on, and accepting then opens the site', async () => {
    await renderGate();
    await user.click(acceptButton());
    expect(screen.getByRole('alert')).toBeVisible();
    await user.click(declarationSwitch());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(acceptButton());
    expect(site()).toBeVisible();
  });

  it('a keyboard user completes it, focus never leaves it and Escape does not dismiss it', async () => {
    await renderGate();
    expect(gate()).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(gate()).toBeVisible();
    await user.tab({ shift: true });
    expect(acceptButton()).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('switch')).toHaveFocus();
    await user.keyboard(' ');
    expect(declarationSwitch()).toBeChecked();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Pravilima o korištenju kolačića' })).toHaveFocus();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(acceptButton()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(gate()).not.toBeInTheDocument();
    expect(site()).toBeVisible();
  });

  it('the server’s refusal opens the gate with the alert read with the dialog, and keeps the rest of the address', async () => {
    await renderGate({}, false, '/tecajevi?prikazi=sve&izjava=nedostaje');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent("Molimo, odaberite 'Izjavljujem gore navedeno.'");
    expect(gate()).toHaveFocus();
    expect(gate()?.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    expect(app.location()).toBe('/tecajevi?prikazi=sve');
    await user.click(declarationSwitch());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(gate()?.getAttribute('aria-describedby')?.split(' ')).toHaveLength(1);
    await user.click(acceptButton());
    expect(site()).toBeVisible();
  });

  it('a refusal in the address of a visitor who accepted before changes nothing', async () => {
    await renderGate(CONSENT, false, REFUSED_PATH);
    expect(site()).toBeVisible();
    expect(app.history).toEqual([REFUSED_PATH]);
  });

  it('a visitor who accepted before sees the site without the gate', async () => {
    await renderGate(CONSENT);
    expect(gate()).not.toBeInTheDocument();
    expect(site()).toBeVisible();
  });

  it.each([
    ['only the necessary cookie', { prihvaceni_kolacici: '1' }],
    ['only the declaration', { pristup_dozvoljen: 'true' }],
    ['a refused necessary cookie', { prihvaceni_kolacici: '0', pristup_dozvoljen: 'true' }],
    ['a declaration of another value', { prihvaceni_kolacici: '1', pristup_dozvoljen: '1' }],
  ])('with %s the gate shows again', async (_, cookies) => {
    await renderGate(cookies);
    expectGateWithSwitch(false);
  });

  it('a policy page shows instead of the gate, and the site stays locked', async () => {
    await renderGate({}, true);
    expect(screen.getByRole('heading', { name: POLICY_HEADING })).toBeVisible();
    expect(gate()).not.toBeInTheDocument();
    expect(site()).not.toBeInTheDocument();
  });

  it('a visitor who accepted before sees the site on a policy path too', async () => {
    await renderGate(CONSENT, true);
    expect(site()).toBeVisible();
    expect(screen.queryByRole('heading', { name: POLICY_HEADING })).not.toBeInTheDocument();
  });

  it('links the cookie and privacy policies and the privacy contact of the company', async () => {
    await renderGate();
    expect(screen.getByRole('link', { name: 'Pravilima o korištenju kolačića' })).toHaveAttribute(
      'href',
      '/pravila-o-koristenju-kolacica',
    );
    expect(screen.getByRole('link', { name: 'Pravilima privatnosti' })).toHaveAttribute(
      'href',
      '/pravila-privatnosti',
    );
    expect(screen.getByRole('link', { name: company.privacyEmail })).toHaveAttribute(
      'href',
      `mailto:${company.privacyEmail}`,
    );
  });

  it('following a policy link stays inside the app', async () => {
    await renderGate();
    await user.click(screen.getByRole('link', { name: 'Pravilima privatnosti' }));
    expect(app.history).toEqual(['/', '/pravila-privatnosti']);
  });
});

describe('hasGateConsent', () => {
  const cookies = (jar: Record<string, string>) => (name: string) => jar[name];
  it('opens the site only when both cookies hold their accepted values', () => {
    expect(hasGateConsent(cookies(CONSENT))).toBe(true);
    expect(hasGateConsent(cookies({ prihvaceni_kolacici: '1' }))).toBe(false);
    expect(hasGateConsent(cookies({ prihvaceni_kolacici: '0', pristup_dozvoljen: 'true' }))).toBe(
      false,
    );
    expect(hasGateConsent(cookies({}))).toBe(false);
  });
});

describe('AccessGate view from a resolved snapshot', () => {
  it('shows the alert of the declarationRequired state and reports what the visitor does', async () => {
    const snapshot = accessGateMachine.resolveState({
      value: { open: 'declarationRequired' },
      context: { accepted: false, refusedByServer: false },
    });
    const onToggleDeclaration = vi.fn();
    const onAccept = vi.fn();
    render(
      <AccessGate
        brand={BRAND}
        privacyEmail="privatnost@example.hr"
        declared={selectDeclared(snapshot)}
        declarationRequired={selectDeclarationRequired(snapshot)}
        onToggleDeclaration={onToggleDeclaration}
        onAccept={onAccept}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(messages.gate.declarationRequired);
    await user.click(screen.getByText(messages.gate.declarationSwitch));
    expect(onToggleDeclaration).toHaveBeenCalledOnce();
    expect(onAccept).not.toHaveBeenCalled();
    await user.click(acceptButton());
    expect(onAccept).toHaveBeenCalledOnce();
  });
});

/** SPEC 4 and 5 as a model: the switch's position, whether the visitor accepted with it on. */
interface GateModel {
  declared: boolean;
  /** The visitor pressed accept without the declaration, and has not turned it on since. */
  warned: boolean;
  entered: boolean;
}

describe('access gate random paths', () => {
  testRandomPaths<GateModel>('accessGate', {
    startLabel: 'Otvori stranicu prvi put',
    numRuns: 12,
    start: async () => {
      await renderGate();
      // The gate's code loads on demand: let its handlers settle before the first gesture.
      await act(async () => undefined);
      return { declared: false, warned: false, entered: false };
    },
    steps: [
      fc.constant(
        step<GateModel>(
          "prebaci 'Izjavljujem gore navedeno.'",
          (model) => {
            fireEvent.click(declarationSwitch());
            model.declared = !model.declared;
            if (model.declared) model.warned = false;
          },
          (model) => !model.entered,
        ),
      ),
      fc.constant(
        step<GateModel>(
          `pritisni '${messages.gate.accept}'`,
          (model) => {
            fireEvent.click(acceptButton());
            if (model.declared) model.entered = true;
            else model.warned = true;
          },
          (model) => !model.entered,
        ),
      ),
    ],
    invariants: (model) => {
      // SPEC 4: the cookies are written only by accepting with the declaration, and then both.
      expect([...app.cookies]).toEqual(model.entered ? CONSENT_WRITTEN : []);
      if (model.entered) {
        expect(gate()).not.toBeInTheDocument();
        expect(site()).toBeVisible();
        return;
      }
      expectGateWithSwitch(model.declared);
      if (model.warned) {
        expect(screen.getByRole('alert')).toHaveTextContent(messages.gate.declarationRequired);
      } else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
  });
});
